"""What every stand-in here is made of: a module that can be imported, and fails loudly if anything in it is used."""


class Missing:
    """A name imported from a package this machine lacks; RoG's no-LLM prediction path never uses it."""

    def __init__(self, package, name):
        self._what = f"{package}.{name}"

    def __getattr__(self, attribute):
        raise RuntimeError(f"{self._what}.{attribute}: {self._what.split('.')[0]} is only a stand-in here")

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self._what}(): {self._what.split('.')[0]} is only a stand-in here")


def module_getattr(package):
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Missing(package, name)
    return __getattr__
