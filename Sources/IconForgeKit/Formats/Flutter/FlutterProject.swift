import Foundation

/// A Flutter app: the folder holding a `pubspec.yaml` with a `flutter:` section. Read for `validate`, which needs to know
/// only that an `.ico` belongs to one: nothing in a Flutter app reads an `.ico` by the order of its entries — the
/// Windows runner's `Runner.rc` embeds `windows/runner/resources/app_icon.ico` as an icon resource, which
/// `win32_window.cpp` loads with `LoadIcon` (Windows picks the entry of the size it draws, the small one too), and the
/// plugins that set a window's or the notification area's icon from an asset (tray_manager, window_manager) load the
/// file with `LoadImage` at the size they ask for (Kazumi's tray icon `assets/images/logo/logo_lanczos.ico` lists 16 px
/// first, harmlessly).
enum FlutterProject {
    /// The Flutter app `folder` is in: the nearest of it and its four parents holding a Flutter `pubspec.yaml`.
    static func root(near folder: String) -> String? {
        FileIO.nearest(from: folder, levels: 4) { candidate in
            let pubspec = (candidate as NSString).appendingPathComponent("pubspec.yaml")
            guard let bytes = try? FileIO.readPrefix(pubspec, upTo: 256 << 10) else { return nil }
            return String(decoding: bytes, as: UTF8.self).range(of: #"(?m)^flutter\s*:"#, options: .regularExpression) != nil ? candidate : nil
        }
    }
}
