"""Stub of transformers: verl imports model and tokenizer classes (type hints, loaders) at module
level; no function under test uses them. Every name, in every submodule, is a placeholder class."""
from _placeholder import placeholder, stub_submodules

__version__ = "0.0.0"
stub_submodules(__name__)


def __getattr__(name):
    return placeholder(__name__, name)
