"""How the memory recalls: sizes and the switches of each recall arm, one frozen value instead of a
dozen constructor arguments. The defaults are the shipped settings (docs/memory-net-value.md measured
each switch on LoCoMo; the experiments turn them off one at a time)."""

from __future__ import annotations

from dataclasses import dataclass

from jarvisd.memory.scoring import KEYWORD_SHARE, SESSION_CAP


@dataclass(frozen=True)
class MemorySettings:
    stm_turns: int = 3              # turns of working memory shown in full
    recall_limit: int = 3           # recalled memories per turn
    core_limit: int = 3             # core memories per turn
    candidate_limit: int = 12       # candidates ranked before the recall limit
    source_recall: bool = True      # an extracted fact brings its source turn (M9)
    keyword_arm: bool = True        # rarity-weighted keyword candidates
    keyword_share: float = KEYWORD_SHARE
    stem_terms: bool = True         # English inflections cut from the words matched (`search_terms`)
    session_cap: int = SESSION_CAP  # > 0: at most this many items of one session before any of another
    period_arm: bool = True         # a query naming a month or a year also gathers inside it (`named_period`)
    feedback: bool = True           # candidates ranked by the query moved toward its nearest (`feedback.py`)
    conversation: bool = True       # a turn's conversation and next turn add to its relevance
