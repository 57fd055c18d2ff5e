"""A move told as done ("I moved the call to Monday", "the call got pushed to Friday", "보고서 금요일로 미뤘어"), read
as the order it reports ("move the call to Monday", "보고서 금요일로 미뤄 줘"). Pure.

The user moved it with someone else (the dentist's office, the team) and tells the assistant; before (the
forty-second session) nothing moved, and in Korean "미뤘어" marked the promise done.
"""

from __future__ import annotations

import re

_EN_I_MOVED = re.compile(r"(?:(?:so|and|ok|okay|oh|um|well)\W+)*(?:i|we)(?:'ve|\s+have|\s+just)?\s+"
                         r"(?:moved|postponed|rescheduled|pushed(?:\s+back)?|bumped|shifted|changed)\s+"
                         r"(?P<rest>.+?\s+(?:to|till|until|for)\s+.+)", re.IGNORECASE)
_EN_GOT_MOVED = re.compile(r"(?:(?:so|and|ok|okay|oh|um|well|actually)\W+)*(?P<thing>(?:the|my|our)\s+.+?)\s+"
                           # "the bank meeting moved to 1" (the fifty-first session: "I see."), the passive's helper unsaid
                           r"(?:(?:got|was|has\s+been|is|'s)\s+)?(?:moved|postponed|rescheduled|pushed(?:\s+back)?|bumped|"
                           r"shifted|extended)\s+(?P<to>(?:to|till|until)\s+.+)", re.IGNORECASE)
# "grandma's train is 20 minutes late" (the sixty-second session's family: "Sorry, I don't have an answer to that.", the
# pick-up left at noon): someone's way here running late moves what is kept of them by as much
_EN_RUNS_LATE = re.compile(r"(?:(?:so|and|ok|okay|oh|um|uh|well)\W+)*(?P<who>[\w-]+)'s\s+(?:train|flight|plane|bus|ferry|coach)\s+"
                           r"(?:is|'s|was|got)\s+(?:running\s+|delayed\s+)?(?P<amount>(?:\d{1,3}|an?|one|two|three|ten|fifteen|"
                           r"twenty|thirty|forty[-\s]five|half\s+an)\s+(?:minutes?|mins?|hours?))\s+(?:late|behind)", re.IGNORECASE)
# "oh the surgery rang they moved Dr Patel to Friday at 11", "professor kim moved her office hours to thursday at 2" (the
# sixty-third session: SmolLM2 said it back, nothing moved): moved by someone else, told with who did it
_EN_THEY_MOVED = re.compile(r"(?:(?:so|and|ok|okay|oh|um|uh|well|actually|btw)\W+)*"
                            r"(?:(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:rang|called|phoned|emailed|texted|wrote|said)(?:\s+and|\s*,)?\s+)?"
                            # ("my manager at the bookstore moved my saturday shift to sunday": the sixty-fifth session's
                            # student, to SmolLM2; who said with where they are)
                            r"(?P<who>they|she|he|(?!i\b|we\b|you\b)(?:the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?"
                            r"(?:\s+(?:at|from)\s+(?:the|my|our|work)(?:\s+[a-z][\w'-]*)?)?)\s+(?:just\s+|have\s+|'ve\s+|has\s+)?"
                            r"(?:moved|postponed|rescheduled|pushed(?:\s+back)?|bumped|shifted|changed)\s+"
                            r"(?:(?P<whose>her|his|their|my|our|the)\s+)?(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+"
                            r"(?P<to>(?:to|till|until)\s+.+)", re.IGNORECASE)
# "the contractor cant come tuesday move him to wednesday at 8" (the sixty-third session's renovation: SmolLM2, "The
# contractor cannot move the client to Wednesday at 8 at 8."): the one who cannot come, moved
_EN_CANT_COME = re.compile(r"(?:(?:so|and|ok|okay|oh|um|uh|well|actually)\W+)*(?P<who>(?:the|my|our)\s+[a-z][\w'-]*)\s+"
                           r"(?:can't|cant|cannot|can\s+not|won't|wont|isn't\s+coming|is\s+not\s+coming|can't\s+make\s+it)"
                           r"(?:\s+(?!move\b|push\b)[\w'-]+){0,3}?[\s,]+(?:so\s+)?(?:please\s+)?(?:move|push|reschedule|put)\s+"
                           r"(?:him|her|them|it)\s+(?P<to>(?:to|till|until)\s+.+)", re.IGNORECASE)
# "the acme call is at 1pm now", "the dentist is now on friday" (the sixty-fourth session's freelancer: a second "acme
# call" kept beside the client call with acme): a new time told with "now", the move of the one kept
_EN_IS_NOW = re.compile(r"(?:(?:so|and|ok|okay|oh|um|uh|well|actually|btw)\W+)*(?P<thing>(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?)"
                        r"(?:\s+is|'s)\s+(?:(?P<now>now)\s+)?(?:at|on|for)\s+(?P<to>[^,]+?)(?(now)|\s*,?\s+now)", re.IGNORECASE)
# "팀장님이 회의 목요일로 옮겼대" (the sixty-fourth session: "그렇군요.", the meeting left on Wednesday): the hearsay -대 of
# a move someone else made; "마감 월요일로 연장했어" a deadline moved later
_KO_MOVED = re.compile(r"(?P<head>.+?(?:로|으로|까지로)\s*)(?P<verb>미뤘|옮겼|연기했|바꿨|당겼|연장했|다시\s?잡았|잡았|예약했)"
                       r"(?:어|어요|대|대요|답니다|습니다|네|네요)")
_KO_ORDER = {"미뤘": "미뤄 줘", "옮겼": "옮겨 줘", "연기했": "미뤄 줘", "바꿨": "바꿔 줘", "당겼": "당겨 줘", "연장했": "미뤄 줘",
             "잡았": "바꿔 줘", "다시잡았": "바꿔 줘", "예약했": "바꿔 줘"}
# "미용 다시 일요일 세 시로 잡았어" (the sixty-fourth session: with the grooming open "완료로 표시했어요", once cancelled to
# SmolLM2): a booking made (again) for a time, the thing first
_KO_BOOKED = re.compile(r"(?P<thing>[가-힣A-Za-z]+(?:\s(?!다시)[가-힣A-Za-z]+)?)(?:은|는|도)?\s(?:다시\s)?(?P<to>\S.*?)\s?(?:으로|로)\s?"
                        r"(?:다시\s?)?(?:잡았|예약했)(?:어|어요|다|습니다)")
# "회의가 11시로 바뀌었대", "수요일로 미뤄졌어요", "10시 회의 11시로 변경됐어": moved by others, told in the passive or as
# hearsay (the fifty-ninth session: "잘하셨어요. 할 일 목록에 없던 일이라 …", the meeting left where it was)
_KO_WAS_MOVED = re.compile(r"(?P<head>.+?(?:로|으로|까지로)\s*)(?P<verb>바뀌었|변경됐|변경되었|미뤄졌|밀렸|연기됐|연기되었|"
                           r"옮겨졌|당겨졌|앞당겨졌|연장됐|연장되었)(?:어|대|다|어요|대요|답니다|습니다|네|네요)")
_KO_PASSIVE_ORDER = {"바뀌었": "바꿔 줘", "변경됐": "바꿔 줘", "변경되었": "바꿔 줘", "미뤄졌": "미뤄 줘", "밀렸": "미뤄 줘",
                     "연기됐": "미뤄 줘", "연기되었": "미뤄 줘", "옮겨졌": "옮겨 줘", "당겨졌": "당겨 줘", "앞당겨졌": "당겨 줘",
                     "연장됐": "미뤄 줘", "연장되었": "미뤄 줘"}


# "교수님 면담 금요일 2시였는데 목요일 3시로 바뀌었어" (the sixty-third session: "잘하셨어요. 할 일 목록에 없던 일이라 …"):
# the old time said with -였는데, then the new one
_KO_WAS_THEN = re.compile(r"(?P<old>.+?)(?:이었|였|이던|던)(?:는데|지만)\s*(?:,\s*)?(?P<new>.+?)(?:으로|로)\s*"
                          r"(?:바뀌었|변경됐|변경되었|미뤄졌|밀렸|연기됐|연기되었|옮겨졌|당겨졌|앞당겨졌|바꿨|옮겼|미뤘)"
                          r"(?:어|대|다|어요|대요|답니다|습니다|네|네요)")


def ko_was_then(text: str) -> tuple[str, str] | None:
    """(the thing with its old time, the new time) of a Korean move told with the old time first, or None."""
    if m := _KO_WAS_THEN.fullmatch(text.strip().rstrip(".!")):
        return m["old"].strip(), m["new"].strip()
    return None


def ko_was_moved(text: str) -> str | None:
    """The words before the verb of a Korean move told done by others ("위생 점검 금요일로 미뤄졌대": "위생 점검 금요일로"),
    or None."""
    if m := _KO_WAS_MOVED.fullmatch(text.strip().rstrip(".!")):
        return m["head"].strip()
    return None


# "my advisor said the deadline for the thesis draft is now the 21st", "the thesis draft is due on the 24th now" (the
# sixty-fifth session's student: "Marked done: send the thesis draft …", a state read as the deed done): a new due told,
# with who told it before it, the move of the one kept
_EN_DUE_NOW = re.compile(r"(?:(?:so|and|ok|okay|oh|um|uh|well|actually|btw)\W+)*"
                         r"(?:(?:(?:my|the|our)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:said|says|told\s+(?:me|us)|emailed|texted)(?:\s+that)?\s+)?"
                         r"(?:(?:the\s+)?(?:deadline|due\s+date)\s+(?:for|of|on)\s+(?P<thing>(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?)"
                         r"(?:\s+is|'s)\s+(?:now\s+)?|(?P<due>(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?)(?:\s+is|'s)\s+(?:now\s+)?due\s+)"
                         r"(?:(?:on|by)\s+)?(?P<to>(?!now\b)[^,]+?)(?:\s*,?\s+now)?", re.IGNORECASE)


def ko_booked(text: str) -> tuple[str, str] | None:
    """(the thing, its time words) of a Korean booking told made ("미용 다시 일요일 세 시로 잡았어"), or None."""
    if m := _KO_BOOKED.fullmatch(text.strip().rstrip(".!")):
        thing, to = m["thing"].strip(), m["to"].strip()
        # "센터 목요일 오후 네시로 잡았어" (the sixty-sixth session: the errand "센터 예약하기" moved, still to do): the
        # thing's second word is the day, the time's first
        if " " in thing and _KO_DAY_WORD.fullmatch(thing.split()[-1]):
            thing, day = thing.rsplit(" ", 1)
            to = f"{day} {to}"
        return thing, to
    return None


_KO_DAY_WORD = re.compile(r"(?:오늘|내일|낼|모레|글피|담주|다음주|이번주|[월화수목금토일](?:요일|욜)|\d{1,2}일)(?:에|은|는)?")


def as_order(text: str) -> str | None:
    """The order a reported move gives ("move the call to monday"), or None when `text` reports none."""
    said = text.strip().rstrip(".!")
    if m := _EN_I_MOVED.fullmatch(said):
        return f"move {m['rest']}"
    if m := _EN_GOT_MOVED.fullmatch(said):
        return f"move {m['thing']} {m['to']}"
    if m := _EN_CANT_COME.fullmatch(said):
        return f"move {m['who']} {m['to']}"
    if m := _EN_THEY_MOVED.fullmatch(said):
        whose = "" if m["whose"] is None else f"{m['whose'] if m['whose'].lower() in ('my', 'our') else 'the'} "
        return f"move {whose}{m['thing']} {m['to']}"
    if m := _EN_IS_NOW.fullmatch(said):
        return f"move {m['thing']} to {m['to']}"
    if m := _EN_DUE_NOW.fullmatch(said):
        return f"move {m['thing'] or m['due']} to {m['to']}"
    if m := _EN_RUNS_LATE.fullmatch(said):
        return f"push {m['who']} back {m['amount']}"
    if m := _KO_MOVED.fullmatch(said):
        return m["head"] + _KO_ORDER[m["verb"].replace(" ", "")]
    if m := _KO_WAS_MOVED.fullmatch(said):
        return f"{m['head']}{_KO_PASSIVE_ORDER[m['verb']]}"
    return None


# the new time of a move told ("to thursday at 4", "to the 20th"; "to the big room" keeps nothing: no time)
_TO_A_TIME = re.compile(r"(?:to|till|until)\s+", re.IGNORECASE)


def as_news(text: str) -> str | None:
    """What someone's move of their own event says of it ("professor kim moved her office hours to thursday at 2":
    "professor kim's office hours are thursday at 2"), to be kept as any event told with its time when nothing kept was
    moved; None otherwise."""
    said = text.strip().rstrip(".!")
    if (got := _EN_GOT_MOVED.fullmatch(said)) is not None and _TO_A_TIME.match(got["to"]):
        # "oh the parent teacher conference got moved to thursday at 4", "the dress fitting got moved to next tuesday at
        # 3" with none kept (the sixty-fourth session: SmolLM2 said it back, nothing kept): the event at its new time
        thing = got["thing"]
        return f"{thing} {'are' if re.search(r'(?<!s)s$', thing) else 'is'} {_TO_A_TIME.sub('', got['to'])}"
    m = _EN_THEY_MOVED.fullmatch(said)
    if m is None or (m["whose"] or "").lower() not in ("her", "his", "their") or m["who"].lower() in ("they", "she", "he"):
        return None
    to = re.sub(r"^(?:to|till|until)\s+", "", m["to"], flags=re.IGNORECASE)
    return f"{m['who']}'s {m['thing']} {'are' if m['thing'].lower().endswith('s') else 'is'} {to}"


def told_now(text: str) -> str | None:
    """The thing whose new time `text` tells with "now" ("the acme call is at 1pm now": "the acme call"), or None."""
    m = _EN_IS_NOW.fullmatch(text.strip().rstrip(".!"))
    return None if m is None else m["thing"]
