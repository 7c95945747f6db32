import Foundation
import Raster

/// Rendering: the master decoded once, every distinct file rendered and encoded in parallel.
extension Generator {
    /// The plan's files rendered and encoded. Outputs the master cannot give (a notification icon without a glyph, a
    /// monochrome layer without a shape) are dropped here rather than written blank; Icon Composer layers that are
    /// not rendered are taken as they are.
    func render(_ plan: RunPlan, parallelism: Parallelism, progress: (@Sendable (Int, Int) -> Void)?) throws(IconForgeError) -> GenerationRun {
        var plan = plan
        let source = plan.source
        let masters = try Masters.load(source: source, options: options, jobs: plan.jobs, warnings: &plan.warnings, parallelism: parallelism)
        if masters.notification == nil, plan.jobs.contains(where: { $0.spec.role == .androidNotification }) {
            // No glyph to draw from alpha: no notification icon rather than a white square.
            plan.jobs.removeAll { $0.spec.role == .androidNotification }
            plan.outputs.removeAll { $0.role == .androidNotification }
        }
        if let icon = masters.adaptive, !icon.monochromeHasShape {
            // No glyph to make a themed icon of: no monochrome layer rather than a blank tile (the icon is then unthemed on Android 13 to 16 QPR1).
            plan.jobs.removeAll { $0.spec.androidLayer == .monochrome }
            plan.outputs.removeAll { $0.androidLayer == .monochrome }
        }
        let layers = try iconComposerLayers(plan.jobs, source: source)
        plan.warnings += layers.warnings
        let jobs = plan.jobs.filter { layers.taken[$0.path] == nil && !layers.skipped.contains($0.path) }

        // Render and encode every distinct file in parallel; each file's own resize runs on one core. Files
        // that would come out identical (Icon-20@2x and Icon-40@1x are both 40 px) are rendered once.
        let (renders, renderOf) = distinctRenders(jobs)
        let results = Locked([Result<[UInt8], IconForgeError>?](repeating: nil, count: renders.count))
        let done = Locked(0)
        let renderer = Renderer(options: options, masters: masters)
        // Largest first, so the most expensive file never starts last and runs alone on one core.
        let order = renders.indices.sorted { (jobs[renders[$0]].spec.pixels?.area ?? 0) > (jobs[renders[$1]].spec.pixels?.area ?? 0) }
        let filesPerRender = renderOf.reduce(into: [Int](repeating: 0, count: renders.count)) { $0[$1] += 1 }
        let renderOne = { @Sendable (position: Int, parallelism: Parallelism) in
            let index = order[position], job = jobs[renders[index]]
            let result = Result { () throws(IconForgeError) -> [UInt8] in try renderer.render(job, source: source, parallelism: parallelism) }
            results.withLock { $0[index] = result }
            progress?(done.withLock { $0 += filesPerRender[index]; return $0 }, jobs.count)
        }
        let areas = order.map { jobs[renders[$0]].spec.pixels?.area ?? 0 }
        if parallelism.width > 1, renders.count > 1, areas[0] * 2 > areas.reduce(0, +) {
            // One output is most of the pixels (the 1024 px icon of a 2048 px drawing: 85%): on one core it ran alone
            // for the last third of the run. It resizes on every core, on threads of its own (see `ownThreads`), while
            // the loop renders the rest. (Twice as many threads as cores took more time: each band re-filters the
            // source rows its neighbour's last rows read.)
            let wait = Parallelism.started { renderOne(0, .ownThreads(width: parallelism.width)) }
            parallelism.forEach(renders.count - 1) { renderOne($0 + 1, .serial) }
            wait()
        } else {
            parallelism.forEach(renders.count) { renderOne($0, .serial) }
        }
        var bytes: [String: [UInt8]] = [:]
        for (job, render) in zip(jobs, renderOf) { bytes[job.path] = try results.value[render]!.get() }
        for (path, image) in layers.taken { bytes[path] = image.bytes }

        var run = GenerationRun(plan: plan, masters: masters, layers: layers, rendered: jobs, named: jobs, bytes: bytes)
        if options.hashesNames, !Generator.isCatalog(plan.folder) { try hashManifestNames(&run) }
        return run
    }
}
