"""Every public name has a docstring (with an example where it does something) and a
type stub; the examples in the docstrings run and give what they show."""

import ast
import doctest
from pathlib import Path

import pytest

import urlkit
import urlkit._lint
import urlkit.rfc3986

PKG = Path(urlkit.__file__).parent


def _public():
    for name in urlkit.__all__:
        if name != "__version__":
            yield name, getattr(urlkit, name)


@pytest.mark.parametrize("name,obj", list(_public()), ids=[n for n, _ in _public()])
def test_every_public_name_has_a_docstring(name, obj):
    if isinstance(obj, tuple):  # a constant (PROFILES)
        return
    assert (obj.__doc__ or "").strip(), name
    if isinstance(obj, type):
        for attr, member in vars(obj).items():
            if attr.startswith("_") or not callable(member) and not hasattr(member, "__get__"):
                continue
            assert (getattr(member, "__doc__", None) or "").strip(), f"{name}.{attr}"


def _stub_names():
    names = set()
    for stub in [PKG / "_urlkit.pyi"]:
        for node in ast.parse(stub.read_text()).body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                names.add(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return names


def test_every_public_name_is_typed():
    stubbed = _stub_names()
    inline = {"lint", "LintResult", "rfc3986", "data", "batch"}  # pure Python, typed in place
    missing = [n for n in urlkit.__all__ if n not in stubbed and n not in inline]
    assert missing == []
    assert (PKG / "py.typed").exists()


def test_docstring_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    seen = set()
    for module in (urlkit, urlkit._lint, urlkit.rfc3986):
        globs = dict(vars(module), urlkit=urlkit, URL=urlkit.URL)
        for name, obj in [(module.__name__, module)] + [(n, getattr(module, n)) for n in dir(module)]:
            if not (callable(obj) or obj is module):
                continue
            for t in finder.find(obj, name, module=False, globs=globs):
                # A name re-exported by several modules is one docstring, run once.
                if t.examples and t.docstring not in seen:
                    seen.add(t.docstring)
                    runner.run(t)
    assert len(seen) >= 12
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see the output above)"


def test_readme_examples_run():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in readme.split("```python\n")[1:]]
    assert len(blocks) >= 5
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {}
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, globs, f"README[{i}]", "README.md", 0), clear_globs=False)
    assert runner.failures == 0, f"{runner.failures} README examples failed (see the output above)"
