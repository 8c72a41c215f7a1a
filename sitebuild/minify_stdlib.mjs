// Writes the game's standard-library archive (sitebuild/stdlib.py runs it with node):
//
//   node sitebuild/minify_stdlib.mjs PYODIDE_DIR FULL_ZIP MEMBERS_JSON OUT_ZIP
//
// MEMBERS_JSON lists the members of Pyodide's python_stdlib.zip to keep. Each .py member is
// parsed by Pyodide's own Python (the version the browser runs, so its syntax is understood),
// its docstrings dropped and written back with ast.unparse (no comments, no blank lines): the
// same code, about half the bytes. Every member is compiled once more to check it. Other
// members are copied as they are.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , dir, full, members, out] = process.argv;
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: dir + "/" });
py.FS.writeFile("/tmp/full.zip", readFileSync(full));
py.FS.writeFile("/tmp/members.json", readFileSync(members));
// The stripping itself: sitebuild/docstrings.py, the same code the build runs under CPython.
py.runPython(readFileSync(new URL("./docstrings.py", import.meta.url), "utf8"));
py.runPython(`
import json, zipfile

keep = json.load(open("/tmp/members.json"))
with zipfile.ZipFile("/tmp/full.zip") as src, zipfile.ZipFile(
        "/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for name in keep:
        data = src.read(name)
        if name.endswith(".py"):
            text = minify_python(data, name)
            compile(text, name, "exec")
            data = text.encode()
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(info, data, compresslevel=9)
`);
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
