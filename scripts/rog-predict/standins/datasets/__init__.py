"""Import-only stand-in for Hugging Face datasets. predict.py loads the rows itself (see its docstring): RoG's main()
calls load_dataset, and predict.py does not call main()."""
from _missing import module_getattr

__getattr__ = module_getattr("datasets")
