"""urlkit: URLs for crawlers, security scanners and data pipelines."""

from ._urlkit import __version__

__all__ = ["__version__"]
