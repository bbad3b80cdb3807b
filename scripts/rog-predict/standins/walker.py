"""Import-only stand-in for walker, which RoG imports at module level but its prediction path never calls."""
from _missing import module_getattr

__getattr__ = module_getattr("walker")
