"""Stub of tensordict: verl imports TensorDict (and, from v0.6.0, NonTensorData/NonTensorStack) at module level; no function under test uses them."""
__version__ = "0.0.0"


class TensorDict(dict):
    pass


class NonTensorData:
    pass


class NonTensorStack:
    pass
