"""What is stripped before the rules read a turn: words that think aloud ("let's see,", "음", "그 뭐지"), the
assistant called by name ("자비스야"), particles of other Englishes ("po", "na", "yaar"), lines pasted as one turn."""

from __future__ import annotations

import re

# words that think aloud before the sentence: "let's see, what's on Friday?", "hmm, okay so, remind me …"
_FILLER_LEAD = re.compile(r"^(?:(?:let's\s+see|let\s+me\s+see|let\s+me\s+think|hmm+|umm*|uhh*|err*|well|ok(?:ay)?\s+so|alright\s+so|"
                          r"right\s+so)\s*[,.…]+\s*)+", re.IGNORECASE)
# ... and in Korean, where Whisper writes no comma: "음 분기 보고서 이번주 금요일까지 마감이야", "그 뭐지 거래처에 견적서
# 보내야 되는데 내일 오전까지" (the sixty-fourth session: to SmolLM2, and the second read as "what's due tomorrow?" for its
# 뭐지); the search for a word looked for in the middle too ("간식도 사야 되는데 그 뭐지 덴탈껌")
_KO_FILLER_LEAD = re.compile(r"^(?:(?:음+|으음|어+|아+|흠+|그\s?뭐지|그\s?뭐더라|뭐더라|저기)(?:\s?[,.…]+)?\s)+")
_KO_FILLER_MID = re.compile(r"(?<=[가-힣])\s(?:그\s?뭐지|그\s?뭐더라|뭐더라)(?:\s?[,.…]+)?\s(?=[가-힣])")
# "자비스 나 담주 월욜에 삼성 면접 있어" (the sixty-fifth session: kept "자비스 나 삼성 면접", Kiwi reading that 나 a
# conjunction): the assistant called by name, and the speaker's 나 / 난 / 나는 / 저는 after it, are no part of the task
_KO_CALLED_LEAD = re.compile(r"^자비스(?:야|아)?(?:\s?[,.!~]+)?\s(?:(?:나|난|나는|저는|전)\s)?")


# Filipino English's particles: "po" (politeness) and "na" (already, now) after a word ("padala sent na to
# mama", "remind me again in thirty minutes po"), Indian English's "yaar" (friend: "later yaar", "call the
# doctor yaar about her knee"); they carry nothing the rules read
_PARTICLES = re.compile(r"(?<=[A-Za-z0-9.'])\s+(?:po|na|yaar)(?=[\s,.!?]|$)", re.IGNORECASE)


# a line end inside one sentence (a soft wrap pasted into the HUD: "I need to send the\u2028report tomorrow at 9am",
# pass72b: kept "send" and "report"): after a word no English phrase ends on, or before one no list item begins with
# (not "by", "in", "on": a to-do can end on them, "stop by", "check in", "log on")
_ENDS_NO_PHRASE = re.compile(r"(?<![^\s,;:(])(the|a|an|my|your|his|her|our|their|its|to|at|of|for|from|with|"
                             r"about|into|onto|and|or|but|than|i|i'll|i'd|i'm|we|we'll|need|have|has|must|should|will|"
                             r"would|can|could|going)[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]\s*", re.IGNORECASE)
_BEGINS_NO_ITEM = re.compile(r"(?<![^\S\r\n\u2028\u2029])[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]\s*(?=(?:to|by|at|on|in|"
                             r"of|for|from|with|about|and|or|but|than|before|after|until|till)(?![^\s,.;:!?]))",
                             re.IGNORECASE)


def lines_as_a_list(text: str) -> str:
    """Lines typed or pasted as one turn (the HUD) read as a list: a line end (CR, LF, U+2028, U+2029; VT,
    FF and NEL are LF already, `plain_words`) after words is a comma, after a stop a space ("I need to email
    Sam by Friday\ncall Ana tomorrow" is two promises, as with a comma; pass 16: with NEL it was one). A line
    end after "the", "to", "my", … or before "by", "at", "to", … is a soft wrap inside one sentence: a space."""
    text = re.sub(r"(?<=[.!?。])[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]\s*", " ", text)
    text = _BEGINS_NO_ITEM.sub(" ", _ENDS_NO_PHRASE.sub(r"\1 ", text))
    return re.sub(r"[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]\s*", ", ", text)


def without_particles(text: str) -> str:
    """`text` without the particles of Filipino and Indian English ("po", "na", "yaar"); Korean text as said."""
    return text if not text.isascii() else _PARTICLES.sub(_particle_off, text)


# "call Nadia about the po box", "send the PO to acme", "what's my po number" (rooms70: "… about the box"): "po" said
# after a determiner or before a word it names is a noun (a purchase order, a post office), no particle
_A_NOUN_BEFORE = re.compile(r"\b(?:the|a|an|my|your|our|his|her|their|this|that|each|every|new|old|its)$", re.IGNORECASE)
_A_NOUN_AFTER = re.compile(r"\s*(?:box(?:es)?|numbers?|no\.?|#|lines?|items?)\b", re.IGNORECASE)


def _particle_off(m: re.Match[str]) -> str:
    """"" for a particle; the word as said when it is a noun ("the po box")."""
    if m.group(0).strip().lower() == "po" and (_A_NOUN_BEFORE.search(m.string, 0, m.start()) or
                                               _A_NOUN_AFTER.match(m.string, m.end())):
        return m.group(0)
    return ""


def without_en_filler(text: str) -> str:
    """`text` without the English words that think aloud before it ("let's see, what's on Friday?"); as said when
    they are all of it."""
    return _FILLER_LEAD.sub("", text, count=1) or text


def without_ko_filler(text: str) -> str:
    """`text` without the Korean words that think aloud, before it or in its middle ("음", "그 뭐지"); as said when
    they are all of it."""
    return _KO_FILLER_MID.sub(" ", _KO_FILLER_LEAD.sub("", text, count=1)) or text


# "자비스 교육 내일 있어" (rooms70: became "교육 내일 있어"): the name with no 야 and no comma, then a bare noun of work
# or an event, is that thing's name (a training on the product, its install), unless the turn asks something of the
# assistant ("자비스 회의 내일로 잡아 줘")
_KO_NAME_OF_A_THING = re.compile(r"^자비스\s(?:교육|설치|업데이트|업그레이드|점검|회의|미팅|세미나|발표|데모|시연|프로젝트|"
                                 r"워크숍|워크샵|교육과정|도입|연동|테스트|보고|보고서|팀|계약|강의|강좌|수업|스터디)\s")
_KO_ASKED_OF_IT = re.compile(r"(?:줘|줘요|주세요|줄래|줄래요|알려|기억해|적어|해\s?놔|해\s?둬)[^가-힣]*$")


def without_called(text: str) -> str:
    """`text` without the assistant called by name first, and the speaker's 나 / 저는 after it ("자비스 나 담주 월욜에
    삼성 면접 있어"); as said when that is all of it. The name before a noun of work it names ("자비스 교육 내일 있어")
    is kept when nothing is asked of the assistant (korean70)."""
    if _KO_NAME_OF_A_THING.match(text) and not _KO_ASKED_OF_IT.search(text[-40:]):
        return text
    return _KO_CALLED_LEAD.sub("", text, count=1) or text
