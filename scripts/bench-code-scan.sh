#!/usr/bin/env bash
# Benchmark of code scanning: generates a tree of N realistic Swift files (default 10,000) in a temporary folder,
# scans every file with CodeScanner and links them with CodeLinker in a release build, and prints files/s and MB/s.
# Usage: scripts/bench-code-scan.sh [N]
set -euo pipefail
N="${1:-10000}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-code-bench.XXXXXX")"
trap 'rm -rf "$DIR"' EXIT

python3 - "$DIR" "$N" <<'PY'
import os, random, sys
root, n = sys.argv[1], int(sys.argv[2])
random.seed(42)
boards = ["Main", "Settings", "Profile", "Onboarding", "Checkout", "Search"]
body = '''import UIKit

/// Screen {i}: generated for the code-scan benchmark.
final class Screen{i}ViewController: UIViewController, UITableViewDataSource {{
    private let items: [String] = (0..<{k}).map {{ "Item \\($0)" }}
    @IBOutlet private weak var tableView: UITableView!

    enum Segue: String {{ case showDetail{i}, showHelp = "Show Help {i}" }}

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Screen {i}"  // performSegue(withIdentifier: "commented", sender: nil)
        tableView.dataSource = self
    }}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{ items.count }}

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = items[indexPath.row] + " \\(indexPath.section)"
        return cell
    }}

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        if indexPath.row % 2 == 0 {{
            performSegue(withIdentifier: Segue.showDetail{i}.rawValue, sender: self)
        }} else {{
            let vc = UIStoryboard(name: "{board}", bundle: nil)
                .instantiateViewController(withIdentifier: "Screen{j}")
            navigationController?.pushViewController(vc, animated: true)
        }}
    }}

    /* A block comment with "quotes" and UIStoryboard(name: "Nope", bundle: nil) inside. */
    private func format(_ value: Double) -> String {{
        let formatter = NumberFormatter()
        formatter.maximumFractionDigits = {k}
        return formatter.string(from: NSNumber(value: value)) ?? #"n/a "raw""#
    }}
}}
'''
for i in range(n):
    sub = os.path.join(root, "Module%02d" % (i % 50), "Screens")
    os.makedirs(sub, exist_ok=True)
    text = body.format(i=i, j=random.randrange(n), k=random.randrange(3, 40), board=random.choice(boards))
    # Some files are longer: a few extra helper methods.
    text += "\nextension Screen%dViewController {\n" % i
    for m in range(random.randrange(0, 12)):
        text += '    func helper%d(_ x: Int) -> String { return "value \\(x) %d" }\n' % (m, m)
    text += "}\n"
    with open(os.path.join(sub, "Screen%dViewController.swift" % i), "w") as f:
        f.write(text)
PY

cd "$ROOT"
if [ "${SBMAP_BENCH_DEBUG:-0}" = 1 ]; then
    # The package's debug build, through the env-gated test Tests/SBMapParseTests/CodeScanBenchmarkTests.swift.
    SBMAP_CODE_BENCH_DIR="$DIR" swift test --scratch-path .build-code --filter CodeScanBenchmark 2>&1 \
        | grep -E "code-scan|passed|failed|error:" || true
    exit 0
fi

# An optimized build of just the model and the scanner (swiftc -O), so the figure is about the scanner and
# does not depend on the other targets building in release mode.
BUILD="$DIR/.build"
mkdir -p "$BUILD"
swiftc -O -parse-as-library -emit-module -emit-library -static -module-name SBMapModel \
    $(find "$ROOT/Sources/SBMapModel" -name '*.swift') -o "$BUILD/libSBMapModel.a"
cat > "$BUILD/BenchMain.swift" <<'SWIFT'
import Foundation
import SBMapModel

@main struct BenchMain {
    static func main() {
        let root = CommandLine.arguments[1]
        var paths: [String] = []
        let walker = FileManager.default.enumerator(atPath: root)
        while let rel = walker?.nextObject() as? String {
            if rel.hasSuffix(".swift"), !rel.hasPrefix(".build") { paths.append(rel) }
        }
        paths.sort()
        // Read first, so the figure is about scanning rather than the disk.
        let contents = paths.map { [UInt8](FileManager.default.contents(atPath: root + "/" + $0) ?? Data()) }
        let bytes = contents.reduce(0) { $0 + $1.count }
        let start = Date()
        var uses = 0
        for (path, data) in zip(paths, contents) {
            let file = CodeScanner().scan(bytes: data, path: path, language: .swift).value!
            uses += file.instantiations.count + file.performs.count
        }
        let seconds = Date().timeIntervalSince(start)
        let mb = Double(bytes) / 1_048_576
        print(String(format: "code-scan (swiftc -O): %d files, %.1f MB, %d uses in %.2f s (one thread): %.0f files/s, %.1f MB/s",
                     paths.count, mb, uses, seconds, Double(paths.count) / seconds, mb / seconds))
    }
}
SWIFT
swiftc -O -parse-as-library -I "$BUILD" -L "$BUILD" -lSBMapModel -module-name CodeBench \
    "$ROOT"/Sources/SBMapParse/Code/*.swift "$BUILD/BenchMain.swift" -o "$BUILD/codebench"
"$BUILD/codebench" "$DIR"
