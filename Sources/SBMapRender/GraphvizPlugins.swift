import CGraphviz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How text is measured for a layout, which decides a node's width and so every coordinate after it.
///
/// Graphviz asks its text-layout plugin (pango) for the size of each label, and pango measures it in whatever font
/// fontconfig picks for `Helvetica,Arial,sans-serif` on this machine: DejaVu Sans here, Liberation Sans or Arial there.
/// The same map then came out with other widths on a teammate's machine, and a committed SVG changed whenever
/// someone else drew it. Without a text-layout plugin Graphviz estimates each label from metrics built into the
/// library (`estimate_textspan_size`: Arial's widths for Helvetica and Arial, Times's otherwise, Courier's for
/// Courier), which no installed font changes: the same Graphviz gives the same bytes on every machine.
///
/// SVG is laid out that way: a browser draws it with the reader's fonts anyway, and Arial's widths are those of
/// Helvetica, Arial and Liberation Sans, the fonts the theme asks for. PNG and PDF are drawn by cairo with the fonts
/// installed, and cairo draws text only through the layout pango made while measuring it, so they keep pango: text
/// must be measured in the font that draws it, or it does not fit its box (docs/themes.md, "Fonts").
enum GraphvizPlugins {
    /// A context with Graphviz's own renderers (SVG, DOT) and layouts (dot, neato, fdp, sfdp, circo, twopi), loaded
    /// as built-ins with demand loading off, so that no text-layout plugin is ever chosen; `nil` when the plugin
    /// libraries are not where `libgvc` is (then the caller uses `gvContext()`, whose widths depend on the fonts).
    static func estimatingContext() -> OpaquePointer? {
        let names = ["core", "dot_layout", "neato_layout"]
        let libraries = names.compactMap(library(named:))
        guard libraries.count == names.count else { return nil }
        // `lt_symlist_t`: name and address pairs, ended by a null name. Graphviz keeps the pointer (the context's
        // `builtins`) as long as the context lives, which is as long as the process: it is never freed.
        let symbols = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: libraries.count + 1)
        for (k, entry) in libraries.enumerated() {
            symbols[k] = lt_symlist_t(name: UnsafePointer(strdup(entry.symbol)), address: entry.address)
        }
        symbols[libraries.count] = lt_symlist_t(name: nil, address: nil)
        return gvContextPlugins(symbols, 0)
    }

    /// The plugin library `libgvplugin_NAME` and its `gvplugin_NAME_LTX_library` table, from Graphviz's plugin folder.
    private static func library(named name: String) -> (symbol: String, address: UnsafeMutableRawPointer)? {
        let symbol = "gvplugin_\(name)_LTX_library"
        for folder in pluginFolders() {
            for file in ["libgvplugin_\(name).so.6", "libgvplugin_\(name).6.dylib", "libgvplugin_\(name).so",
                         "libgvplugin_\(name).dylib"] {
                guard let handle = dlopen(folder + "/" + file, RTLD_NOW | RTLD_LOCAL) else { continue }
                // Loaded once for the life of the process, as Graphviz's own demand loading does: never closed.
                if let address = dlsym(handle, symbol) { return (symbol, address) }
            }
        }
        return nil
    }

    /// Where Graphviz looks for its plugins: `$GVBINDIR`, else the `graphviz` folder beside `libgvc`, as Graphviz's own
    /// `gvconfig_libdir` works it out (exported by libgvc but in no public header, so looked up by name; it reads
    /// only the context's verbosity).
    private static func pluginFolders() -> [String] {
        var folders: [String] = []
        if let chosen = getenv("GVBINDIR") { folders.append(String(cString: chosen)) }
        typealias LibDir = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        if let program = dlopen(nil, RTLD_NOW), let found = dlsym(program, "gvconfig_libdir"),
           let gvc = GraphvizExecutor.context(), let folder = unsafeBitCast(found, to: LibDir.self)(gvc) {
            folders.append(String(cString: folder))
        }
        return folders
    }
}
