"""One deed to do after another of the user's own (pass75 saw "after I send the report, email the boss" answered by
SmolLM2, "Your email address is (your_email_address).", nothing kept): the order is kept, tied after the deed it waits
for (`OpenLoop.after`, 0 days: due with it), and when that deed is told done the order is said next. Pure rules; the
capturing room keeps both (`Capturing._after_deed`)."""

from __future__ import annotations

import re

from jarvisd.openloop.closures_en import base_verb
from jarvisd.openloop.commitment_words import EN_BASE_VERBS

_DEED = r"(?P<{0}>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){{0,5}}?)"
# not "when": "remind me to buy milk when I leave work" is a reminder by place (`calendar_asked`)
_AFTER = r"(?:after|once)\s+(?:i\s+|i've\s+|i\s+have\s+|i'm\s+done\s+|i\s+finish\s+)"
# "after I send the report, email the boss"; "once i've sent the report, email the boss"
_FIRST = re.compile(r"(?:(?:ok|okay|so|and|also|oh)[\s,]+)*" + _AFTER + _DEED.format("deed") + r"\s*,\s*(?:then\s+)?"
                    r"(?:i\s+(?:need|have|want)\s+to\s+|i've\s+got\s+to\s+|i\s+should\s+|remind\s+me\s+to\s+)?"
                    + _DEED.format("order") + r"\s*[.!]?", re.IGNORECASE)
# "email the boss after i send the report"
_LAST = re.compile(r"(?:(?:ok|okay|so|and|also|oh)[\s,]+)*(?:i\s+(?:need|have|want)\s+to\s+|remind\s+me\s+to\s+)?"
                   + _DEED.format("order") + r",?\s+" + _AFTER + _DEED.format("deed") + r"\s*[.!]?", re.IGNORECASE)


def after_deed(text: str) -> tuple[str, str] | None:
    """(the order, the deed it waits for), both as to-dos: "after I send the report, email the boss" ->
    ("email the boss", "send the report"); None unless both begin with a verb."""
    text = text.strip()
    if len(text) > 200:
        return None
    m = _FIRST.fullmatch(text) or _LAST.fullmatch(text)
    if m is None:
        return None
    order, deed = m["order"].split(), m["deed"].split()
    first = deed[0].lower()
    first = first.removesuffix("ing") if first.endswith("ing") and first[:-3] in EN_BASE_VERBS else first
    deed[0] = base_verb(first) or first
    if order[0].lower() not in EN_BASE_VERBS or deed[0] not in EN_BASE_VERBS:
        return None
    return " ".join(order), " ".join(deed)
