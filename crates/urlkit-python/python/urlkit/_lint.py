"""``urlkit.lint``: the linter's findings as a list, with the policy's verdict."""

from typing import List, Optional

from ._urlkit import Finding, Verdict, _lint

__all__ = ["LintResult", "lint"]


class LintResult(List[Finding]):
    """The findings on a URL, in order (a ``list`` of ``Finding``), and ``verdict``: the
    policy's ``Verdict`` when ``lint`` was given one, else ``None``.

    >>> import urlkit
    >>> r = urlkit.lint("http://user@127.0.0.1:22/", policy="strict")
    >>> sorted({f.severity for f in r}), r.verdict.ok
    (['error', 'note', 'warning'], False)
    >>> [f.code for f in r.verdict.reasons]
    ['L002', 'L031', 'L011', 'L201']
    >>> urlkit.lint("https://example.com/").verdict is None
    True
    """

    verdict: Optional[Verdict]

    def __init__(self, findings: List[Finding], verdict: Optional[Verdict] = None) -> None:
        super().__init__(findings)
        self.verdict = verdict

    def __repr__(self) -> str:
        return f"LintResult({list.__repr__(self)}, verdict={self.verdict!r})"


def lint(url: str, policy: Optional[str] = None) -> LintResult:
    """The findings of urlkit's URL linter on ``url`` (credentials, internal addresses,
    parser differentials, homographs, dangerous escapes, …), as a ``LintResult``: a list of
    ``Finding`` (``code``, ``severity``, ``start``, ``end`` as ``str`` indices,
    ``message``, ``help``, ``name``). A policy also sets ``.verdict`` (``ok``,
    ``reasons``): ``"strict"`` (http and https on ports 80 and 443, no credentials, no
    internal addresses, nothing at warning level) or ``"default"`` (http and https, no
    credentials, no internal addresses, nothing at error level), the CLI's ``--policy``
    names; another name raises ``ValueError``.

    >>> import urlkit
    >>> [(f.code, f.severity) for f in urlkit.lint("http://0x7f.1/")]
    [('L030', 'warning'), ('L031', 'warning'), ('L050', 'warning'), ('L060', 'note'), ('L060', 'note')]
    """
    findings, verdict = _lint(url, policy)
    return LintResult(findings, verdict)
