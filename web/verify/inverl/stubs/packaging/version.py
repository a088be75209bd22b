"""Stub of packaging.version: enough of Version/parse to compare release numbers such as "2.1.0+cu118" or "1.13.0a0"."""
import re


class Version:
    def __init__(self, s):
        self.public = str(s)
        nums = re.match(r"\s*v?(\d+(?:\.\d+)*)", str(s))
        self.release = tuple(int(x) for x in nums.group(1).split(".")) if nums else (0,)
        self.major = self.release[0]
        self.minor = self.release[1] if len(self.release) > 1 else 0
        self.micro = self.release[2] if len(self.release) > 2 else 0

    def _key(self, other):
        o = other if isinstance(other, Version) else Version(other)
        n = max(len(self.release), len(o.release))
        return self.release + (0,) * (n - len(self.release)), o.release + (0,) * (n - len(o.release))

    def __lt__(self, o):
        a, b = self._key(o)
        return a < b

    def __le__(self, o):
        a, b = self._key(o)
        return a <= b

    def __gt__(self, o):
        a, b = self._key(o)
        return a > b

    def __ge__(self, o):
        a, b = self._key(o)
        return a >= b

    def __eq__(self, o):
        a, b = self._key(o)
        return a == b

    def __hash__(self):
        return hash(self.release)

    def __str__(self):
        return self.public


def parse(s):
    return Version(s)
