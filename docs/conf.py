"""Sphinx configuration for the ginrummy documentation."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import ginrummy  # noqa: E402
from sphinx.errors import PycodeError  # noqa: E402
from sphinx.pycode import ModuleAnalyzer  # noqa: E402
from sphinx.util import logging  # noqa: E402
from ginrummy.rules import preset_table  # noqa: E402

# The preset table is generated from the code at every build, so it cannot drift.
_generated = Path(__file__).resolve().parent / "_generated"
_generated.mkdir(exist_ok=True)
(_generated / "presets.md").write_text(preset_table() + "\n", encoding="utf-8")

project = "ginrummy"
author = "The ginrummy developers"
copyright = "2026, The ginrummy developers"  # noqa: A001
release = ginrummy.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "_generated"]
html_theme = "furo"
html_title = f"ginrummy {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
doctest_global_setup = "import ginrummy\nfrom ginrummy import *"
# The build is offline: no intersphinx inventories are fetched, and warnings are errors (-W).
# Every reference must resolve (nitpicky), except into other projects' documentation,
# which an offline build cannot see.
nitpicky = True
nitpick_ignore_regex = [
    # ("st" is hypothesis.strategies, as ginrummy.testing.strategies imports it)
    (r"py:.*", r"(collections\.abc|concurrent\.futures|hypothesis|st|attrs|typing|typing_extensions|random|enum|numpy|gymnasium|pettingzoo|starlette|dask|distributed|pathlib)(\..*)?"),
    (r"py:.*", r"ginrummy\.state\._history\.Step"),  # the private history cell type of GameState.node
    (r"py:.*", r"(int|str|bool|float|object|bytes|type|list|dict|tuple|Exception|ValueError|TypeError|AssertionError)"),
]

_log = logging.getLogger(__name__)


def _defining_module_docs(app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    """Document a constant re-exported by a package (``ginrummy.web.MAX_BODY``) with the
    docstring written under its definition in a private module: autodoc looks only in
    the module the directive names, and would otherwise show ``int``'s own docstring."""
    if what != "data":
        return
    package, _, attribute = name.rpartition(".")
    for module_name in [package] + sorted(m for m in sys.modules if m.startswith(package + ".")):
        module = sys.modules.get(module_name)
        if module is None or getattr(module, attribute, None) is not obj:
            continue
        try:
            found = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except PycodeError:
            continue
        if ("", attribute) in found:
            lines[:] = list(found[("", attribute)])
            return
    builtin = type(obj).__doc__
    if builtin and lines and builtin.strip().startswith(lines[0].strip()):
        _log.warning(f"{name} has no docstring under its definition: the docs would show {type(obj).__name__}'s own")


def setup(app: Any) -> None:
    """Register :func:`_defining_module_docs`."""
    app.connect("autodoc-process-docstring", _defining_module_docs)
