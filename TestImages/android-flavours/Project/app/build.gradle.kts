android {
    defaultConfig { minSdk = 24 }
    buildTypes { register("nightly") }
}
