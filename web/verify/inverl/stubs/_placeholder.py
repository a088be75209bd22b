"""Placeholders for names a stub package only needs to define: verl imports them at module level
(type hints, model classes, config helpers), and no function under test calls them."""
import importlib.abc
import importlib.machinery
import sys
import types


def placeholder(module, name):
    if name.startswith("__"):
        raise AttributeError(name)
    return type(name, (), {"__module__": module})


class _Submodules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds any submodule of the stubbed packages as an empty package of placeholders."""

    def __init__(self):
        self.packages = set()

    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in self.packages and "." in fullname:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        m = types.ModuleType(spec.name)
        m.__path__ = []
        m.__getattr__ = lambda name: placeholder(spec.name, name)
        return m

    def exec_module(self, module):
        pass


_finder = _Submodules()
sys.meta_path.append(_finder)


def stub_submodules(package):
    """Lets `import package.any.sub` succeed with placeholder names."""
    _finder.packages.add(package)
