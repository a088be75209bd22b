"""Stub of packaging: verl compares installed versions with packaging.version.parse."""
