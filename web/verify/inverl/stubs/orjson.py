"""Stub of orjson: v0.9.0's verl.utils.tracking imports it at module level; no function under test logs anything."""
OPT_SERIALIZE_NUMPY = 0


def dumps(obj, option=0):
    import json

    return json.dumps(obj).encode()
