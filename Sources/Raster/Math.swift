// The C library's pow, used only to build lookup tables once. Raster otherwise needs nothing but the
// Swift standard library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

@inline(__always)
func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }

@inline(__always)
func sine(_ x: Double) -> Double { sin(x) }
