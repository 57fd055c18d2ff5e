"""The resident copy's filter columns as numbers (`lance_resident.py`): integer codes of the string
columns a store query compares, and the numeric columns, so a query's filters are one boolean row
mask computed with numpy.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import Any, get_args

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from jarvisd.memory.items import Kind, Layer
from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance_rows import to_us

log = logging.getLogger(__name__)

OWNER = ("user", "agent", "layer", "kind", "source")  # coded together: few distinct combinations
CODED = ("session", "topic", "task_type", "outcome")
Owner = tuple[str, str, str, str, str]
_KINDS, _LAYERS = frozenset(get_args(Kind)), frozenset(get_args(Layer))
# a null number in a row no jarvisd writes (a hand edit, another program): read as these, not NumPy's cast of NaN
_NUMBER_IF_NULL = {"created_us": 0, "accessed_us": 0, "importance": 0.5, "rehearsals": 0}


def _unreadable_owners(owners: dict[Owner, int], counts: np.ndarray) -> None:
    """One line for the rows no query can match: no user or agent, a kind or layer jarvisd does not know (lows72: such
    a row was never recalled and nothing said so). Those rows stay on disk as they are."""
    bad = [(owner, int(counts[code])) for owner, code in owners.items()
           if not (isinstance(owner[0], str) and owner[0] and isinstance(owner[1], str) and owner[1]
                   and owner[2] in _LAYERS and owner[3] in _KINDS)]
    if bad:
        shown = "; ".join(f"{n} with user={o[0]!r:.30} agent={o[1]!r:.30} layer={o[2]!r:.20} kind={o[3]!r:.20}"
                          for o, n in bad[:3])
        log.warning("memory: %d rows have an owner, layer or kind jarvisd never writes (%s%s): they are never "
                    "recalled; the rows on disk are left as they are",
                    sum(n for _, n in bad), shown, "; …" if len(bad) > 3 else "")


class RowCodes:
    """Integer codes of the string columns the filters compare, and the numeric columns, so a mask
    and an order are numpy work. The read policy's columns and kind/source share one code per
    distinct combination, so their whole predicate is one lookup table indexed by that code."""

    def __init__(self) -> None:
        self.owners: dict[Owner, int] = {}
        self.owner = np.zeros(0, dtype=np.int32)
        self.vocab: dict[str, dict[str, int]] = {c: {} for c in CODED}
        self.codes: dict[str, np.ndarray] = {c: np.zeros(0, dtype=np.int32) for c in CODED}
        self.numbers: dict[str, np.ndarray] = {}
        self._owner_memo: tuple[Hashable, np.ndarray] | None = None  # the last `owners_where`

    def _encode(self, column: str, values: list[str]) -> np.ndarray:
        vocab = self.vocab[column]
        return np.fromiter((vocab.setdefault(v, len(vocab)) for v in values), dtype=np.int32, count=len(values))

    def _encode_owners(self, table: pa.Table) -> np.ndarray:
        columns = [table.column(c).to_pylist() for c in OWNER]
        owners = self.owners
        return np.fromiter((owners.setdefault(t, len(owners)) for t in zip(*columns, strict=True)),
                           dtype=np.int32, count=table.num_rows)

    def build(self, table: pa.Table) -> None:
        self._owner_memo = None
        self.owners = {}
        self.owner = self._encode_owners(table)
        _unreadable_owners(self.owners, np.bincount(self.owner, minlength=len(self.owners)))
        self.vocab = {c: {} for c in CODED}
        self.codes = {c: self._encode(c, table.column(c).to_pylist()) for c in CODED}
        self.numbers = self._numbers(table)

    @staticmethod
    def _numbers(table: pa.Table) -> dict[str, np.ndarray]:
        def plain(name: str, dtype: Any) -> np.ndarray:  # a writable copy: `touched` updates two
            return np.array(pc.fill_null(table.column(name), _NUMBER_IF_NULL[name]).to_numpy(), dtype=dtype)

        return {
            "created_us": plain("created_us", np.int64), "importance": plain("importance", np.float64),
            "accessed_us": plain("accessed_us", np.int64), "rehearsals": plain("rehearsals", np.int32),
            "live": np.asarray(pc.equal(table["superseded_by"], "").to_numpy(zero_copy_only=False), dtype=bool),
            "has_vector": np.asarray(table.column("has_vector").to_numpy(zero_copy_only=False), dtype=bool),
        }

    def append(self, table: pa.Table) -> None:
        self._owner_memo = None
        self.owner = np.concatenate([self.owner, self._encode_owners(table)])
        for c in CODED:
            self.codes[c] = np.concatenate([self.codes[c], self._encode(c, table.column(c).to_pylist())])
        for name, values in self._numbers(table).items():
            self.numbers[name] = np.concatenate([self.numbers[name], values])

    def keep(self, alive: np.ndarray) -> None:
        self._owner_memo = None
        self.owner = self.owner[alive]
        self.codes = {c: v[alive] for c, v in self.codes.items()}
        self.numbers = {c: v[alive] for c, v in self.numbers.items()}

    def equal(self, column: str, value: str) -> np.ndarray:
        code = self.vocab[column].get(value)
        return self.codes[column] == code if code is not None else np.zeros(len(self.codes[column]), dtype=bool)

    def owners_where(self, key: Hashable, allowed: Callable[[Owner], bool]) -> np.ndarray:
        """Rows whose (user, agent, layer, kind, source) satisfies `allowed`, which `key` names (the
        last answer is kept: one recall asks several times, and the row gather costs at 100k rows).
        Read-only: callers combine it into new arrays."""
        if self._owner_memo is not None and self._owner_memo[0] == key:
            return self._owner_memo[1]
        table = np.fromiter((allowed(o) for o in self.owners), dtype=bool, count=len(self.owners))
        rows = table[self.owner] if len(table) else np.zeros(len(self.owner), dtype=bool)
        rows.flags.writeable = False
        self._owner_memo = (key, rows)
        return rows

    def mask(self, q: StoreQuery, alive: np.ndarray) -> np.ndarray:
        """The store query's filters (not its terms) over the `alive` rows as a boolean row mask; the
        read policy comes first."""
        access = q.access

        def allowed(owner: Owner) -> bool:
            user, agent, layer, kind, source = owner
            return (user == access.user
                    and (layer == "profile" or (layer == "edm" and agent in access.edm_agents)
                         or (layer == "pdm" and agent in access.pdm_agents))
                    and (not q.kinds or kind in q.kinds) and (not q.sources or source in q.sources)
                    and source not in q.exclude_sources and (not q.agent or agent == q.agent))

        mask = alive & self.owners_where((access, q.kinds, q.sources, q.exclude_sources, q.agent), allowed)
        for column, value in (("session", q.session), ("topic", q.topic),
                              ("task_type", q.task_type), ("outcome", q.outcome)):
            if value:
                mask &= self.equal(column, value)
        if q.since:
            mask &= self.numbers["created_us"] >= to_us(q.since)
        if q.until:
            mask &= self.numbers["created_us"] < to_us(q.until)
        if not q.include_superseded:
            mask &= self.numbers["live"]
        return mask
