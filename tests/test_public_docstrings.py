"""Every public name has a docstring: modules, what their ``__all__`` lists, and the
public methods and properties of the classes there."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import ginrummy

_EXTRAS = ("ginrummy.rl", "ginrummy.web")  # need the 'rl' and 'web' extras


def _public_modules() -> list[str]:
    found = ["ginrummy"]
    for info in pkgutil.walk_packages(ginrummy.__path__, "ginrummy."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            found.append(info.name)
    return sorted(found)


def _load(name: str) -> ModuleType:
    # an extra's module raises ImportError naming the extra when it is not installed
    return pytest.importorskip(name) if name in _EXTRAS else importlib.import_module(name)


def _undocumented(module: ModuleType) -> list[str]:
    missing = [] if (module.__doc__ or "").strip() else [module.__name__]
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(f"{module.__name__}.{name}")
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                target = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                if (isinstance(value, property) or inspect.isfunction(target)) and not (
                    getattr(target, "__doc__", None) or ""
                ).strip():
                    missing.append(f"{module.__name__}.{name}.{attr}")
    return missing


def test_the_public_modules_are_found() -> None:
    names = _public_modules()
    assert {"ginrummy", "ginrummy.players", "ginrummy.state", "ginrummy.solver", "ginrummy.rl", "ginrummy.web"} <= set(names)
    assert not any("._" in name for name in names)


@pytest.mark.parametrize("name", _public_modules())
def test_every_public_name_has_a_docstring(name: str) -> None:
    module = _load(name)
    assert hasattr(module, "__all__"), f"{name} has no __all__"
    assert _undocumented(module) == []


@pytest.mark.parametrize("name", ["ginrummy", "ginrummy.players", "ginrummy.state"])
def test_the_package_namespaces_hold_only_what_all_lists(name: str) -> None:
    module = importlib.import_module(name)
    submodules = {info.name for info in pkgutil.iter_modules(module.__path__)}
    stray = [n for n in dir(module) if not n.startswith("_") and n not in module.__all__ and n not in submodules]
    assert stray == []


def _listed_members() -> list[tuple[str, list[str]]]:
    """The classes that docs/api.md documents with an explicit ``:members:`` list, with it."""
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "api.md").read_text()
    found = re.findall(r"\.\. autoclass:: ([\w.]+)\n\s+:members: ([\w, ]+)\n", text)
    return [(path, [m.strip() for m in members.split(",")]) for path, members in found]


@pytest.mark.parametrize(("path", "members"), _listed_members())
def test_the_api_reference_lists_every_public_member(path: str, members: list[str]) -> None:
    module_name, _, class_name = path.rpartition(".")
    cls = getattr(importlib.import_module(module_name), class_name)
    public = {
        attr for attr, value in vars(cls).items()
        if not attr.startswith("_") and (isinstance(value, (property, classmethod, staticmethod)) or inspect.isfunction(value))
    }
    assert sorted(public - set(members)) == [], f"docs/api.md leaves out members of {path}"
    assert [m for m in members if not hasattr(cls, m)] == [], f"docs/api.md lists members {path} lacks"


def test_every_all_is_in_alphabetical_order() -> None:
    """STYLE.md: one alphabetised ``__all__`` a module (Python's own order: ``sorted``),
    read from the source so that the extras' and the private modules' count too."""
    import ast
    from pathlib import Path

    root = Path(ginrummy.__file__).parent
    unsorted = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                names = ast.literal_eval(node.value)
                if list(names) != sorted(names):
                    unsorted.append(str(path.relative_to(root)))
    assert unsorted == []
