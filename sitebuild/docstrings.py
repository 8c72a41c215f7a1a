"""Python source without docstrings, comments or blank lines (``ast.unparse``): the same code,
about half the bytes.

Used for the scripts the site ships as source (``app.py``, ``ai_worker.py``: PyScript runs
them by their ``src``); every other module ships as bytecode (``sitebuild/bytecode.py``).
Standard library only, and nothing here may depend on the build package.

>>> minify_python("'''Doc.'''\\nx = 1  # one\\n\\ndef f():\\n    'Doc.'\\n    return x\\n")
'x = 1\\n\\ndef f():\\n    return x\\n'
"""

import ast


class NoDocstrings(ast.NodeTransformer):
    def _body(self, node):
        self.generic_visit(node)
        body = node.body
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _body


def minify_python(source, name: str = "<source>") -> str:
    """``source`` (text or bytes) without docstrings, comments or blank lines."""
    return ast.unparse(NoDocstrings().visit(ast.parse(source, name))) + "\n"
