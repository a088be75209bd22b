"""Stub of pandas for importing verl's core_algos without it: verl.protocol imports it at module level; no function under test calls it."""
