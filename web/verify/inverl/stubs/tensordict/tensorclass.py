"""Stub of tensordict.tensorclass."""
from tensordict import NonTensorData, NonTensorStack  # noqa: F401
