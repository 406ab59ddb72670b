"""The type stubs of the native module (`_echelle.pyi`) name what the module holds, with the
same parameters in the same order."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import echelle
from echelle import _echelle

STUB = Path(echelle.__file__).with_name("_echelle.pyi")


def _stub_functions():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node.args
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    out[node.name] = item.args
    return out


def _names(args: ast.arguments, drop_self: bool):
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return names[1:] if drop_self else names


def test_every_stubbed_function_has_the_native_parameters():
    stubs = _stub_functions()
    assert {"analyze", "analyze_bytes", "rate", "Options"} <= set(stubs)
    for name, args in stubs.items():
        native = getattr(_echelle, name)
        got = list(inspect.signature(native).parameters)
        assert got == _names(args, drop_self=inspect.isclass(native)), name


def test_the_options_keywords_are_keyword_only_with_the_command_lines_defaults():
    params = inspect.signature(_echelle.Options).parameters
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params.values())
    assert params["dead_stones"].default == "auto" and params["only"].default == "all"
    assert _echelle.MAX_NODES == 100_000 and _echelle.MAX_FILE_BYTES == 64 << 20
