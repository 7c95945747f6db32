# IconForge in a container: Debian 12 with the system libraries and the iconforge binary, nothing else (no
# Swift toolchain: the binary links the Swift runtime in).
#   docker build -t iconforge .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" iconforge validate --format github App/Assets.xcassets
# The first stage builds the release artifacts with `make dist` (the .deb whose Depends are the Debian
# packages of the libraries it links); the image installs that .deb with apt-get, as a user of Debian 12 would.
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        make dpkg-dev binutils libpng-dev zlib1g-dev pkg-config libdeflate-dev librsvg2-dev libturbojpeg0-dev libwebp-dev libopenjp2-7-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN make dist

FROM debian:12-slim
COPY --from=build /src/dist/*.deb /tmp/
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/iconforge_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/*.deb \
    && iconforge --version
WORKDIR /work
ENTRYPOINT ["iconforge"]
CMD ["--help"]
