"""The package's layering (STYLE: front-ends sit on top and use the public API only)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ginrummy

PACKAGE = Path(ginrummy.__file__).resolve().parent  # the sources or the installed wheel, as tested
FRONT_ENDS = ("cli", "web", "rl")


def imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every import of ``path`` as (absolute module, names taken from it)."""
    package = ("ginrummy", *path.relative_to(PACKAGE).parent.parts)
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((module, tuple(alias.name for alias in node.names)))
    return found


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_import_only_public_names(front_end: str) -> None:
    own = f"ginrummy.{front_end}"
    files = sorted((PACKAGE / front_end).glob("*.py"))
    assert files
    for path in files:
        for module, names in imports(path):
            if module == own or module.startswith(own + "."):
                continue  # the front-end's own modules
            if module.split(".")[0] != "ginrummy":
                continue
            assert not any(is_private(part) for part in module.split(".")), f"{front_end}/{path.name} imports {module}"
            private = [name for name in names if is_private(name)]
            assert not private, f"{front_end}/{path.name} imports {private} from {module}"


def test_the_core_imports_no_front_end() -> None:
    core = [path for path in PACKAGE.rglob("*.py") if path.relative_to(PACKAGE).parts[0] not in FRONT_ENDS]
    assert len(core) > 10
    for path in core:
        if path.name == "__main__.py":
            continue  # ``python -m ginrummy`` runs the command, by design
        for module, names in imports(path):
            for target in (module, *(f"{module}.{name}" for name in names)):
                parts = target.split(".")
                assert not (parts[0] == "ginrummy" and len(parts) > 1 and parts[1] in FRONT_ENDS), (
                    f"{path.relative_to(PACKAGE)} imports {target}"
                )


def test_the_import_reader_resolves_relative_imports() -> None:
    found = dict(imports(PACKAGE / "cli" / "__init__.py"))
    assert found["ginrummy.cli._play"] == ("play",)
    assert "ginrummy" in found
