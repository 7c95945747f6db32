# Homebrew formula for IconForge, kept in the repository: `brew tap iconforge/iconforge https://github.com/iconforge/IconForge`
# then `brew install iconforge` (or `brew install --HEAD iconforge` for main). Builds with SwiftPM from the tagged
# release: Xcode 16 (Swift 6) on macOS, Homebrew's swift on Linux.
class Iconforge < Formula
  desc "Generate and validate app icons and launch images for every platform"
  homepage "https://github.com/iconforge/IconForge"
  url "https://github.com/iconforge/IconForge.git", tag: "v0.2.0"
  head "https://github.com/iconforge/IconForge.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "jpeg-turbo"
  depends_on "libdeflate"
  depends_on "libpng"
  depends_on "librsvg"
  depends_on "openjpeg"
  depends_on "webp"

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    args = ["--configuration", "release", "--scratch-path", buildpath/".build-brew"]
    args += OS.mac? ? ["--disable-sandbox"] : ["--static-swift-stdlib"]
    system "swift", "build", *args, "--product", "iconforge"
    system "swift", "build", *args, "--product", "generate-manual"
    bin_path = Utils.safe_popen_read("swift", "build", *args, "--show-bin-path").chomp
    bin.install "#{bin_path}/iconforge"
    generate_completions_from_executable(bin/"iconforge", "--generate-completion-script")
    system "#{bin_path}/generate-manual", bin/"iconforge", "--output-directory", buildpath/"man"
    man1.install buildpath/"man/iconforge.1"
  end

  test do
    assert_match "iconforge #{version} (libpng", shell_output("#{bin}/iconforge --version")
    (testpath/"icon.svg").write <<~SVG
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
        <rect width="64" height="64" fill="#3478f6"/><circle cx="32" cy="32" r="20" fill="#fff"/>
      </svg>
    SVG
    system bin/"iconforge", "generate", testpath/"icon.svg", "--preset", "ios", "--out", testpath/"icons", "--quiet"
    assert_path_exists testpath/"icons/AppIcon.appiconset/Contents.json"
    system bin/"iconforge", "validate", testpath/"icons"
  end
end
