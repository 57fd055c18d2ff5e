"""A deed tried and failed, told as done ("i called the pediatrician, the office was closed", "called the vet but no one
answered", "소아과에 전화했는데 안 받았어"): everyday74 saw it marked done. The try is no deed done: the promise stays open
and the answer says so. "i called the pediatrician" alone still closes it. Pure rules; the desk's closing room finds
the promise the deed names (`Closing._tried_in_vain`)."""

from __future__ import annotations

import re

# the deed reported done: "i called the pediatrician", "tried calling the vet", "went to the bank"
_EN_DEED = (r"(?:(?:ok|okay|so|well|ugh|um+|uh+),?\s+)*(?:i\s+|we\s+)?(?:(?:just|already|finally|did)\s+)*"
            r"(?:tried\s+(?:to\s+)?)?(?P<verb>called|call|calling|rang|phoned|texted|emailed|went\s+to|go\s+to|going\s+to|"
            r"stopped\s+by|dropped\s+by)\s+(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?)")
# why it came to nothing: closed, no answer, voicemail, busy, not there
# when it is closed: "closed on mondays", "closed today", "closed for the holidays" (everyday80: "it's closed on mondays")
_EN_CLOSED_WHEN = (r"(?:\s+(?:today|now|again|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:on\s+)?weekends"
                   r"|(?:on\s+)?the\s+weekend|for\s+(?:the\s+)?(?:holidays?|lunch|the\s+day|vacation)))?")
_EN_WHY = (r"(?P<why>(?:(?:the|their|his|her|its)\s+)?(?:[a-z]+\s+){0,2}?(?:was|were|is|are)\s+(?:already\s+)?closed"
           + _EN_CLOSED_WHEN +
           r"|(?:it|they|he|she)\s+(?:was|were|is|are)\s+(?:already\s+)?closed" + _EN_CLOSED_WHEN +
           r"|(?:it's|it\s*s|they're|they\s+re|she's|he's)\s+(?:already\s+)?closed" + _EN_CLOSED_WHEN +
           r"|(?:there\s+was\s+)?no\s+(?:one\s+)?answer(?:ed)?|no\s+one\s+(?:answered|picked\s+up|was\s+(?:there|home|in))"
           r"|nobody\s+(?:answered|picked\s+up|was\s+(?:there|home|in))"
           r"|(?:it\s+)?went\s+(?:straight\s+)?to\s+(?:voicemail|voice\s+mail|the\s+machine)"
           r"|(?:i\s+)?got\s+(?:the\s+|their\s+|his\s+|her\s+|a\s+)?(?:voicemail|answering\s+machine|busy\s+signal)"
           r"|(?:i\s+)?(?:had\s+to\s+)?le(?:ft|ave)\s+a\s+(?:message|voicemail)"
           r"|(?:they|he|she|it)\s+(?:didn't|did\s+not|wouldn't|won't)\s+(?:answer|pick\s+up)"
           r"|the\s+line\s+was\s+busy|(?:i\s+)?(?:couldn't|could\s+not)\s+get\s+through)")
_EN_TRIED = re.compile(_EN_DEED + r"\s*(?:[,;.]\s*|\s+)(?:(?:but|and|so)\s+)?" + _EN_WHY + r"(?:\s+today|\s+again)?\s*[.!]*",
                       re.IGNORECASE)
# "소아과에 전화했는데 안 받았어", "병원에 전화해 봤는데 문 닫았더라", "은행 갔는데 문 닫았더라" (everyday77's nurse)
_KO_TRIED = re.compile(r"(?P<thing>\S{1,12}?)(?:에|한테|에게|께)?\s?(?:(?P<call>전화)\s?(?:를\s?)?(?:했|해\s?봤|걸었)|"
                       r"(?:갔|가\s?봤|들렀|다녀왔))(?:는데|더니)\s?"
                       r"(?P<why>(?:아무도\s?)?안\s?받|부재중|문\s?(?:을\s?)?(?:닫|안\s?열)|통화\s?중|연결이\s?안|음성\s?사서함|"
                       r"휴무|쉬는\s?날|영업\s?(?:안|끝)|마감했)"
                       r"[가-힣\s]{0,12}[.!~]*")


_BASE = {"called": "call", "calling": "call", "rang": "call", "phoned": "call", "texted": "text", "emailed": "email",
         "went to": "go to", "going to": "go to", "stopped by": "stop by", "dropped by": "drop by"}


def tried_in_vain(text: str) -> tuple[str, str, str] | None:
    """(the deed as a to-do, its thing, why it failed) of a try that came to nothing, or None:
    "i called the pediatrician, the office was closed" -> ("call the pediatrician", "the pediatrician",
    "the office was closed"); "소아과에 전화했는데 안 받았어" -> ("소아과 전화", "소아과", "안 받")."""
    text = text.strip()
    if len(text) > 200:
        return None
    if (m := _KO_TRIED.fullmatch(text)) is not None:
        return f"{m['thing']} {'전화' if m['call'] else '가기'}", m["thing"], m["why"]
    if (m := _EN_TRIED.fullmatch(text)) is None:
        return None
    verb = " ".join(m["verb"].lower().split())
    return f"{_BASE.get(verb, verb)} {m['thing']}", m["thing"], " ".join(m["why"].split())
