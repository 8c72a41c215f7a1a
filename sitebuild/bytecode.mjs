// Compiles Python sources into a zip of .pyc files with Pyodide's own Python (the version the
// browser runs: its bytecode, its magic number). sitebuild/bytecode.py runs it with node:
//
//   node sitebuild/bytecode.mjs PYODIDE_DIR SPEC_JSON OUT_ZIP
//
// SPEC_JSON: {"zip": a zip to read members from, or null, "members": [names in it],
//             "files": {archive name: path of a source file}, "strip_lines": bool}
// Members that are modules frozen into Pyodide's interpreter (os, io, importlib._bootstrap...:
// Python never reads their files) are left out.
// Every .py becomes a sourceless, unchecked .pyc (compiled with optimize=2: no docstrings, no
// asserts); "strip_lines" also drops line tables (every instruction is then said to be on its
// function's first line, in tracebacks too: for the standard library, half the bytes). Other members are copied as they are.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , dir, specPath, out] = process.argv;
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: dir + "/" });
if (spec.zip) py.FS.writeFile("/tmp/in.zip", readFileSync(spec.zip));
const files = {};
for (const [name, path] of Object.entries(spec.files || {})) files[name] = readFileSync(path, "utf8");
py.globals.set("spec", py.toPy({ ...spec, files }));
py.runPython(`
import _imp, importlib.util, marshal, zipfile

def frozen(name):
    module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return name.endswith(".py") and _imp.is_frozen(module)

def without_lines(code):
    # Every instruction placed on the first line of its function (or module), without
    # columns: entries of the "line only" kind (13), each for up to 8 code units, line
    # delta 0. An empty table would break the traceback module (it expects a position for
    # every instruction).
    units = len(code.co_code) // 2
    table = bytearray()
    while units:
        n = min(units, 8)
        table += bytes((0x80 | (13 << 3) | (n - 1), 0))
        units -= n
    consts = tuple(without_lines(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def members():
    if spec["zip"]:
        with zipfile.ZipFile("/tmp/in.zip") as src:
            for name in spec["members"]:
                if not frozen(name):
                    yield name, src.read(name)
    for name, text in spec["files"].items():
        yield name, text.encode()

with zipfile.ZipFile("/tmp/out.zip", "w") as dst:
    for name, data in members():
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=2)
            if spec["strip_lines"]:
                code = without_lines(code)
            # flags 0b01: hash-based and never checked (there is no source to check against)
            data = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8) + marshal.dumps(code)
            name += "c"
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
`);
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
