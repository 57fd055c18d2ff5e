"""Agenda questions the list intents do not answer, read from the words alone (pure): the next promise
("what's my next reminder", "다음 할 일 뭐야"), what is overdue ("anything overdue?", "밀린 거 있어?"), what was
finished ("what did I finish today", "오늘 뭐 끝냈어?") and whether a deed was done ("did I take out the trash?",
"쓰레기 버렸나?"). The desk answers them from the agenda (`desk.AgendaDesk._asked`); before, they went to the
chat model, which cannot read the agenda and made answers up (session 45: "Your next reminder is to check
your spam filters.").

Each reader takes the text as `intents.clean` gives it (lower case, no closing punctuation) and matches the
whole utterance, so a promise that merely holds the words ("remind me to check what's overdue") is not one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from jarvisd.openloop.closures_en import base_verb
from jarvisd.openloop.commitment_words import EN_BASE_VERBS
from jarvisd.openloop.hangul import SSANG_SIOS, closed_by

NextKind = Literal["reminder", "due"]
Span = Literal["today", "yesterday", "week"]

# "what's my next reminder", "when is my next reminder", "what's my next task / deadline", "what's the next thing
# on my list", "what's coming up next"
_EN_NEXT = re.compile(
    r"(?:so\s+|and\s+|ok(?:ay)?\s+)?"
    r"(?:(?:what|when|which)(?:'s|s|\s+is|\s+will\s+be|\s+are)?|tell\s+me|remind\s+me\s+what|do\s+you\s+know\s+(?:what|when))\s+"
    r"(?:is\s+)?(?:my|the)\s+(?:very\s+)?next\s+"
    r"(?P<what>reminders?|tasks?|deadlines?|things?|to-?dos?|items?|promises?|dues?|due\s+dates?|jobs?|one|appointment)"
    r"(?:\s+(?:due|coming\s+up|about|for|on\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list)|i\s+(?:have|need\s+to\s+do)))?"
    r"|what(?:'s|\s+is)\s+(?:coming\s+up\s+next|up\s+next)"
    # "what's next?", "what do I have next?" (the fifty-seventh session's chat: the whole agenda read out)
    # ("whats next on my list", no apostrophe: the sixty-third session's shop owner had the whole list read)
    r"|what(?:'s|s|\s+is)?\s+next(?:\s+(?:on\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list)|for\s+me))?"   # (Whisper: "What next?")
    r"|what\s+(?:do\s+i\s+have|have\s+i\s+got)\s+(?:to\s+do\s+)?next|what\s+am\s+i\s+doing\s+next"
    # "what's most urgent?", "what should I do first?", "what's my top priority?" (the fiftieth session: to the model,
    # "The most urgent thing is to get the latest news."): the soonest due, the overdue ones counted
    r"|what(?:'s|\s+is)\s+(?:the\s+|my\s+)?(?:most\s+(?:urgent|pressing|important)|top\s+priority|(?:highest|first)\s+priority)"
    r"(?:\s+(?:thing|task|one|item))?(?:\s+(?:on\s+(?:my|the)\s+(?:list|agenda)|right\s+now|now|today))?"
    r"|what\s+(?:should|do|must)\s+i\s+(?:need\s+to\s+|have\s+to\s+)?(?:do|tackle|handle|start\s+with)\s+first"
    r"|what(?:'s|\s+is)\s+(?:the\s+)?first\s+thing\s+i\s+(?:should|need\s+to|have\s+to)\s+do")
# "다음 알림 뭐야", "다음 할 일 뭐야", "다음 알림 언제야", "다음에 해야 할 거 뭐지" (spaces off)
_KO_NEXT = re.compile(r"(?:내|제)?(?:그)?다음(?:으로|에)?(?P<what>알림|리마인더|리마인드|할일|할거|해야할(?:일|거|것)|일정|마감|약속)"
                      r"(?:은|이|는|이뭐|가)?(?:뭐|뭔|언제|알려(?:줘|주|줄래)|있(?:어|나|니|지|냐|을까|는지)|어떻게|무엇)")


# "how long until my next reminder", "how much time before the next alarm" (the forty-sixth session: SmolLM2 answered with
# a paragraph about being offline)
_EN_HOW_LONG_NEXT = re.compile(r"(?:so\s+|and\s+)?how\s+(?:long|much\s+time)\s+(?:is\s+(?:there\s+|it\s+)?|do\s+i\s+have\s+)?"
                               r"(?:until|till|'til|before)\s+(?:my|the)\s+next\s+(?P<what>reminders?|tasks?|deadlines?|things?|"
                               r"to-?dos?|items?|promises?|alarms?|one)")


def next_asked(t: str) -> NextKind | None:
    """"reminder" for the next reminder asked ("what's my next reminder", "how long until my next reminder", "다음 알림
    뭐야"), "due" for the next thing to do ("what's my next task", "다음 할 일 뭐야"), None when `t` asks of neither."""
    if (m := _EN_NEXT.fullmatch(t) or _EN_HOW_LONG_NEXT.fullmatch(t)) is not None:
        return "reminder" if (m["what"] or "").startswith("reminder") else "due"
    if (m := _KO_NEXT.match(t.replace(" ", ""))) is not None:
        return "reminder" if m["what"].startswith(("알림", "리마인")) else "due"
    return None


# (Whisper base writes "overdue" as "over do" or "overdo": daemon run 62's "What's over do?")
_EN_LATE = r"(?:(?:still\s+)?(?:overdue|over\s*do|over\s+due|past\s+(?:its\s+|their\s+)?(?:due(?:\s+date)?|deadline)|late|behind))"
_EN_LATE_THINGS = r"(?:things|tasks|items|reminders|promises|stuff|to-?dos|bills|jobs|deadlines)"
# "what's overdue", "anything overdue?", "do I have anything overdue", "any overdue tasks", "what am I behind on",
# "have I missed any deadlines"
_EN_OVERDUE = re.compile(
    r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:"
    r"(?:what(?:'s|\s+is|\s+are)|what\s+things\s+are|is\s+(?:there\s+)?anything|are\s+there\s+any|is\s+any(?:thing)?|anything|any"
    r"|(?:do|did)\s+i\s+have\s+(?:anything|any)|have\s+i\s+got\s+(?:anything|any)|what\s+do\s+i\s+have|what(?:'ve|\s+have)\s+i\s+got"
    r"|(?:show|tell|give|read)\s+me\s+(?:what(?:'s|\s+is)|anything|everything)|list)\s+"
    rf"(?:{_EN_LATE}|(?:overdue|late|past[\s-]due)\s+{_EN_LATE_THINGS}|(?:of\s+)?my\s+(?:overdue|late|past[\s-]due)\s+{_EN_LATE_THINGS})"
    r"(?:\s+(?:on|in)\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list|schedule))?"
    r"|(?:show|tell|give|read)\s+me\s+(?:my|the)\s+(?:overdue|late|past[\s-]due)\s+(?:ones|" + _EN_LATE_THINGS[3:] +
    r"|what\s+am\s+i\s+(?:behind|late)\s+(?:on|with)|am\s+i\s+(?:behind|late)\s+(?:on|with)\s+anything"
    r"|what\s+(?:have|did)\s+i\s+(?:let\s+slip|fall(?:en)?\s+behind\s+on)"
    r"|(?:have|did)\s+i\s+miss(?:ed)?\s+(?:any|a)\s+deadlines?|what\s+deadlines\s+(?:have|did)\s+i\s+miss(?:ed)?)")
# "밀린 거 있어?", "기한 지난 거 뭐야", "마감 넘긴 일 있나", "늦은 거 있어" (spaces off)
_KO_OVERDUE = re.compile(r"(?:혹시)?(?:내가|제가|나|내)?(?:혹시)?(?:밀린|밀려있는|(?:기한|마감|기일|날짜|시간|약속시간)(?:이|을)?(?:지난|넘은|넘긴|지나버린|지나간)"
                         r"|늦은|연체된)(?:거|것|일|게|할일|일정|약속|건)(?:들)?(?:이|은|는|가)?"
                         r"(?:뭐|뭔|있|알려|보여|말해|없|어떤|몇)")


def overdue_asked(t: str) -> bool:
    """What is overdue asked ("what's overdue", "anything overdue?", "what am I behind on", "밀린 거 있어?",
    "기한 지난 거 뭐야")."""
    return _EN_OVERDUE.fullmatch(t) is not None or _KO_OVERDUE.match(t.replace(" ", "")) is not None


@dataclass(frozen=True)
class DeedAsked:
    """"did I take out the trash?": the deed as an agenda entry says it ("take out the trash"), and whether a deed
    not on the agenda may be told so (`task`: a deed of the user's own to do, not "did I wake you")."""

    words: str
    task: bool


# "did I take out the trash?", "have I called Bob yet?", "did I already pay the rent today"
_EN_DID_I = re.compile(r"(?:so\s+|and\s+|wait\s+|hey\s+|um\s+|oh\s+)*(?:did|have|had)\s+i\s+(?:already\s+|actually\s+|ever\s+|even\s+)?"
                       r"(?P<verb>[a-z'-]+)(?P<rest>(?:\s+[\w'-]+)*?)"
                       r"(?:\s+(?:yet|already|today|tonight|this\s+morning|or\s+not|earlier|in\s+the\s+end|yesterday|last\s+night"
                       r"|this\s+week))*")
# not a deed to look up: the agenda's own questions ("did I forget anything": the list; "did I promise Mina": promised_to),
# and chat ("did I wake you", "have I got time", "did I say something wrong")
_EN_NOT_DEEDS = frozenset({"forget", "forgot", "forgotten", "promise", "promised", "say", "said", "tell", "told", "mention",
                           "mentioned", "ask", "asked", "get", "got", "gotten", "have", "had", "be", "been", "was", "miss",
                           "missed", "hear", "heard", "see", "seen", "know", "known", "mean", "meant", "understand",
                           "understood", "wake", "woke", "woken", "sleep", "slept", "win", "won", "lose", "lost", "upset",
                           "offend", "offended", "break", "broke", "broken", "leave", "left", "any", "anything",
                           "something", "everything", "to", "not", "no", "a", "the", "just", "i", "you", "it", "that"})
_EN_CHAT_OBJECT = re.compile(r"^\s+(?:you|u|me|anything|something|everything|it|that|this|so|wrong|right|ok|okay|well|too\s+much"
                             r"|enough|a\s+(?:mistake|typo|good\s+job)|the\s+right\s+thing)\b")


def _en_deed(t: str) -> DeedAsked | None:
    m = _EN_DID_I.fullmatch(t)
    if m is None or m["verb"] in _EN_NOT_DEEDS or not m["rest"].strip() or _EN_CHAT_OBJECT.match(m["rest"]):
        return None
    verb = base_verb(m["verb"]) or m["verb"]
    if verb in _EN_NOT_DEEDS:
        return None
    return DeedAsked(f"{verb}{m['rest']}", task=verb in EN_BASE_VERBS)


# "쓰레기 버렸나?", "밥한테 전화했어?", "내가 보고서 보냈던가": a past verb (its stem closed by ㅆ) asked; 나 / 던가 ask it of
# oneself, 어 / 지 only with a question mark ("쓰레기 버렸어" is told: a closing)
_KO_DID_I = re.compile(rf"(?:혹시\s*)?(?P<i>(?:내가|제가|나|저)\s+)?(?:혹시\s*)?(?:벌써\s*|이미\s*|아까\s*|오늘\s*)*+"
                       rf"(?P<x>.*?)\s*(?P<verb>[가-힣]*{closed_by(SSANG_SIOS)})"
                       r"(?P<end>나|나요|니|냐|던가|던가요|는지|었나|었던가|을까|어|어요|지|지요|죠|었어|었지)(?P<q>\?)?")
_KO_WH = re.compile(r"몇|언제|뭐|뭘|무엇|무슨|어디|누구|누가|왜|어떻게|어떤|얼마")
_KO_PARTICLE = re.compile(r"(?:을|를|은|는|이|가|도|좀|다)$")


def _ko_deed(said: str) -> DeedAsked | None:
    # runs of white space as one: the pattern's lazy words beside its optional spaces are cubic in a run of them (pass
    # 49: a turn of "오늘", 1,500 spaces and "몇" held the daemon, GIL and all, 14 s)
    said = " ".join(said.split())
    m = _KO_DID_I.fullmatch(said.rstrip("?？ ") + ("?" if said.endswith(("?", "？")) else ""))
    if m is None or (m["end"] in ("어", "어요", "지", "지요", "죠", "었어", "었지") and not m["q"]) or \
            m["verb"].endswith(("였", "이었", "겠")) or _KO_WH.search(said):   # "전화 몇 시였지?": when, not whether
        return None            # "금요일로 좀 바꿔 주겠어요?" (the sixty-third session): -겠- asks a favour, no past deed
    words = [_KO_PARTICLE.sub("", w) for w in m["x"].split()]
    words = [w for w in words if w and w not in ("다", "좀", "그거", "그건", "이거", "벌써", "이미", "아까", "오늘")]
    if m["verb"].endswith("했") and len(m["verb"]) > 2:   # "전화했나": the deed's noun, 전화
        words.append(m["verb"][:-1])
    if not words:
        return None
    return DeedAsked(" ".join(words), task=bool(m["i"]) or m["end"] in ("나", "나요", "던가", "던가요", "었나", "었던가"))


# "when did I last feed her?", "when was the last time I watered the tomatoes" (the sixtieth session's new parent: SmolLM2,
# "I'm designed to assist with digital tasks"): when the deed was last marked done
# ... and "when did I take the painkiller?" (the sixty-first session's patient: "Take the painkiller is tomorrow at 12:14
# AM", the next due said as if it were the last)
_EN_LAST_DID = re.compile(r"(?:so\s+|and\s+|um+\s+|uh+\s+|ok(?:ay)?\s+|hey\s+)*(?:when\s+(?:did|have)\s+i(?:\s+last)?"
                          r"|when\s+was\s+the\s+last\s+time\s+(?:that\s+)?i)\s+(?P<verb>(?!last\b)[a-z'-]+)"
                          r"(?P<rest>(?:\s+(?!last\b)[\w'-]+){0,5})(?:\s+last)?")
_EN_POINTED = frozenset("her him them it the baby".split())


def last_done_asked(t: str) -> tuple[str, str] | None:
    """(the deed as an agenda entry says it, its verb) of "when did I last feed her?" ("feed her", "feed"), or None."""
    m = _EN_LAST_DID.fullmatch(t)
    if m is None or m["verb"] in _EN_NOT_DEEDS:
        return None
    verb = base_verb(m["verb"]) or m["verb"]
    if verb not in EN_BASE_VERBS:
        return None
    return f"{verb}{m['rest']}", verb


def pointed(words: str) -> bool:
    """Whether the deed's object is a pronoun ("feed her", "walk him"): the promise of that verb is meant."""
    return " ".join(words.split()[1:]) in _EN_POINTED


def deed_asked(t: str, said: str = "") -> DeedAsked | None:
    """Whether a deed was done, asked ("did I take out the trash?", "have I called Bob yet?", "쓰레기 버렸나?"): the deed
    as the agenda says it, or None. `t` as `intents.clean` gives it; `said` as said (its question mark)."""
    return _en_deed(t) or _ko_deed(said or t)


_EN_SPAN = r"(?:\s+(?P<span>today|tonight|so\s+far\s+today|this\s+morning|yesterday|this\s+week|so\s+far\s+this\s+week|so\s+far))?"
_EN_DONE_VERB = (r"(?:finish(?:ed)?|complete(?:d)?|get\s+done|got\s+done|gotten\s+done|do|done|accomplish(?:ed)?|check(?:ed)?\s+off"
                 r"|tick(?:ed)?\s+off|cross(?:ed)?\s+off|knock(?:ed)?\s+out|knocked\s+off|get\s+through|got\s+through)")
# "what did I finish today", "what have I done today", "what did I get done this week", "show me what I finished"
_EN_FINISHED = re.compile(
    r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:"
    rf"what(?:\s+all)?\s+(?:did|have|'ve)\s+i\s+(?:already\s+|actually\s+)?{_EN_DONE_VERB}(?:\s+(?:on\s+)?(?:my\s+)?(?:list|agenda))?"
    rf"|(?:show|tell|read|give)\s+me\s+(?:what|everything)\s+i(?:'ve|\s+have)?\s+{_EN_DONE_VERB}"
    r"|what(?:'s|\s+is|\s+has)\s+(?:been\s+)?(?:done|finished|completed|checked\s+off)(?:\s+(?:on|from)\s+my\s+(?:list|agenda))?"
    r"|(?:what|which)\s+(?:things|tasks|promises|reminders|to-?dos)\s+(?:did|have)\s+i\s+(?:finish(?:ed)?|complete(?:d)?|done|do)"
    r"|how\s+many\s+(?:things|tasks|promises|to-?dos)\s+(?:did|have)\s+i\s+(?:finish(?:ed)?|complete(?:d)?|done|get\s+done|gotten\s+done)"
    # "how was my day?", "recap my day" (the fiftieth session: SmolLM2, "I'm so sorry to hear about your family."):
    # what was finished today, the agenda's own answer
    r"|how\s+(?:was|did)\s+my\s+day(?:\s+go)?(?=(?:\s+today)?$)|(?:recap|summari[sz]e|sum\s+up)\s+(?:my|the)\s+day)"
    rf"{_EN_SPAN}")
_KO_SPAN = r"(?P<span>오늘|어제|이번주|금주|오늘하루)?(?:에|은|는|에는)?"
_KO_FINISHED = re.compile(
    rf"{_KO_SPAN}(?:내가|제가|나|저)?{_KO_SPAN[:-1].replace('P<span>', 'P<span2>')}?(?:에|은|는|에는)?(?:"
    r"(?:뭐|뭘|무엇을?|뭐뭐)(?:다)?(?:끝냈|마쳤|완료했|해치웠|처리했|끝났)"
    r"|(?:끝낸|마친|완료한|해치운|처리한|다한|끝난)(?:거|것|일|게|할일)(?:들)?(?:이|은|가)?(?:뭐|뭔|있|알려|보여|몇|뭐뭐)"
    r"|(?:할일|일정)(?:중에|중)?(?:뭐|뭘)(?:끝냈|했|마쳤|완료했))")


# "오늘 뭐 했지?", "어제 뭐 했더라?": with its day said, as English "what did I do today?" (the forty-seventh session:
# SmolLM2 answered it in English, "I'm sorry for your loss"). Asked of oneself (했지, 했더라) or with 내가; "오늘 뭐
# 했어?" alone asks the one spoken to, and "뭐 했어?" without a day stays the chat's
_KO_DID = re.compile(r"(?P<span>오늘|어제|이번주|금주)(?:에|은|는|에는)?(?:(?:나|저)?(?:뭐|뭘|뭐뭐)했(?:지|더라|었지|었더라)(?:요)?"
                     r"|(?:내가|제가)(?:뭐|뭘|뭐뭐)했(?:지|어|더라|니|나|었지|냐)?(?:요)?)")


def finished_asked(t: str) -> Span | None:
    """The span asked of what was finished ("what did I finish today": "today"; "what did I get done this week":
    "week"; "어제 뭐 끝냈어?": "yesterday"), today when none is said; None when `t` asks no such thing."""
    m = _EN_FINISHED.fullmatch(t)
    if m is not None and not m["span"] and re.search(r"\b(?:do|done)$", t):
        return None     # "what did I do?", "what have I done?": chat unless a span says it is the agenda's
    if m is not None:
        span = m["span"] or ""
    elif (k := _KO_FINISHED.match(t.replace(" ", ""))) is not None:
        span = k["span"] or k["span2"] or ""
    elif (k := _KO_DID.fullmatch(t.replace(" ", "").rstrip("?？"))) is not None:
        span = k["span"]
    else:
        return None
    if "yesterday" in span or span == "어제":
        return "yesterday"
    return "week" if "week" in span or span in ("이번주", "금주") else "today"


# "what did I just add?", "what was that?", "when is it?" right after a promise: the one just said (`desk._in_focus`)
_EN_LAST = re.compile(r"(?:so\s+|and\s+|wait\s+)?(?:what\s+did\s+(?:i|you)\s+just\s+(?:add|put\s+down|save|write\s+down)|"
                      r"what(?:'s|\s+was|\s+is)\s+the\s+last\s+(?:thing|one|reminder|item|task)\s+(?:i(?:'ve|\s+have)?\s+(?:added|said|put\s+down)|"
                      r"you\s+(?:added|saved))|"
                      r"what\s+did\s+you\s+(?:just\s+)?(?:add|save|put\s+down|write\s+down))")
_EN_WHEN_IT = re.compile(r"(?:so\s+|and\s+)?(?:when(?:'s|\s+is|\s+was)\s+(?:it|that)(?:\s+(?:due|again|for))?|"
                         r"what\s+time\s+(?:is|was)\s+(?:it|that)\s+(?:for|due|again|set\s+for)|"
                         r"when\s+(?:did\s+you|will\s+you)\s+(?:set|remind\s+me)(?:\s+(?:it|that)(?:\s+for)?)?)")
_KO_LAST = re.compile(r"(?:방금|아까)\s*(?:뭐|뭘)\s*(?:추가했어|적었어|저장했어|넣었어)(?:요)?|그거\s*(?:언제|몇\s*시)(?:야|였지|예요|에요|로\s*했어)?")


def last_added_asked(t: str) -> str | None:
    """"what" for "what did I just add?", "when" for "when is it?" said of the promise just said; else None."""
    text = t.rstrip("?？ ")
    if _EN_LAST.fullmatch(text) or (re.search(r"[가-힣]", text) and (m := _KO_LAST.fullmatch(text)) and "언제" not in
                                      m[0] and "몇" not in m[0]):
        return "what"
    if _EN_WHEN_IT.fullmatch(text) or (re.search(r"[가-힣]", text) and _KO_LAST.fullmatch(text)):
        return "when"
    return None


# "what do I still need to pay?", "who do I need to call?", "what bills do I have to pay?": the open promises of one
# deed (the session's probe: to the model)
_EN_DEED_LIST = re.compile(r"(?:so\s+|and\s+)?(?!what\s+time\b)(?:what|who|which\s+\w+|what\s+\w+)\s+(?:else\s+)?(?:do|did|should|must)\s+i\s+"
                           r"(?:still\s+)?(?:need\s+to|have\s+to|got\s+to|gotta)\s+(?P<verb>[a-z]+(?:\s+(?:up|off|out|back|in))?)"
                           r"(?:\s+(?:still|today|tonight|this\s+week))?"
                           # "what do I need to bring to the doctor?" (the fifty-first session: SmolLM2 made a list up)
                           r"(?:\s+(?:to|for)\s+(?:the\s+|my\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})?"
                           r"|(?:so\s+|and\s+)?who\s+(?:do|should)\s+i\s+(?:still\s+)?(?P<verb2>call|email|text|message|write\s+to|visit|owe)"
                           # "who do I owe a reply?" (the fifty-seventh session's freelancer: SmolLM2, "You can use the chatbot")
                           r"(?:\s+(?:a|an)\s+(?:reply|answer|response|email|call|text|message|invoice|favou?r))?"
                           r"(?:\s+(?:back|today|still|this\s+week))?")


def deed_list_asked(t: str) -> str | None:
    """The verb of "what do I still need to pay?" ("pay"), or None. "do" is the whole list's, not a deed."""
    m = _EN_DEED_LIST.fullmatch(t.rstrip("?？ "))
    if m is None:
        return None
    verb = m["verb"] or m["verb2"] or ""   # "pick up": said with its particle, matched by its verb (`desk`)
    return None if verb.split()[0] in ("do", "finish", "get", "remember", "be", "go") else verb


# "what are my recurring reminders", "list my daily reminders", "which reminders repeat", "반복 알림 뭐 있어", "매일 하는 일 뭐야"
_EN_REPEATING = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:what(?:'s|\s+are|\s+is|'re)|list|read\s+me|tell\s+me|show\s+me|which\s+are|"
                           r"do\s+i\s+have\s+any)\s+(?:all\s+)?(?:of\s+)?(?:(?:my|the)\s+)?(?:recurring|repeating|regular|repeated|daily|weekly|monthly)\s+"
                           r"(?:reminders?|alarms?|tasks?|to-?dos?|things|promises|items)"
                           r"|which\s+(?:reminders|alarms|tasks|things)\s+(?:repeat|recur|come\s+back)"
                           # "what repeating reminders do I have?" (the fifty-seventh session: the whole list read)
                           r"|(?:what|which|any)\s+(?:recurring|repeating|regular|repeated|daily|weekly|monthly)\s+(?:reminders?|alarms?|"
                           r"tasks?|to-?dos?|things)(?:\s+(?:do\s+i\s+have|have\s+i\s+got|are\s+there|are\s+on))?(?:\s+(?:set|left|on\s+my\s+list))?"
                           # "what's repeating now?" (the fifty-first session: to SmolLM2)
                           r"|what(?:'s|\s+is|\s+are)\s+(?:repeating|recurring)(?:\s+now)?|what\s+(?:repeats|recurs)")
# "반복하는 거 뭐 있어?", "반복되는 거 뭐야?" (the fifty-seventh session: to SmolLM2, a line of "이므롬")
_KO_REPEATING = re.compile(r"(?:반복|반복되는|반복하는|정기)(?:알림|알람|할일|일정|일|거|것)(?:은|이|들)?(?:뭐|뭔|무엇|어떤|있(?:어|나|니|지|냐|는지)|알려)")


# "clear everything done", "remove the finished ones" (the fifty-first session: read as a done said of one promise,
# "Did that finish one of these …?"): the agenda keeps no finished ones to clear
_EN_CLEAR_DONE = re.compile(r"(?:(?:ok(?:ay)?|so|and|please|jarvis)[\s,]+)*(?:clear|remove|delete|archive|get\s+rid\s+of|hide)"
                            r"(?:\s+out)?\s+(?:all\s+)?(?:of\s+)?(?:everything|all|the\s+(?:ones|things|items|tasks)|(?:my\s+|the\s+)?"
                            r"(?:done|completed|finished)\s+(?:ones|things|items|tasks|stuff))(?:\s+(?:that(?:'s|\s+is|\s+are|'re)|"
                            r"(?:i've|i\s+have|i'm)))?(?:\s+(?:already\s+)?(?:done|completed|finished|checked\s+off|ticked\s+off))?"
                            r"(?:\s+(?:from|off)\s+(?:my|the)\s+(?:list|agenda))?(?:\s+please)?")


def clear_done_asked(t: str) -> bool:
    """"Clear everything done", "remove the completed ones": the finished promises asked to go from the list."""
    m = _EN_CLEAR_DONE.fullmatch(t)
    return m is not None and re.search(r"\b(?:done|completed|finished|checked|ticked)\b", t) is not None


def repeating_asked(t: str) -> bool:
    """"What are my recurring reminders?", "반복 알림 뭐 있어?": the repeating promises asked for."""
    return bool(_EN_REPEATING.fullmatch(t) or _KO_REPEATING.match(t.replace(" ", "")))


# ---------------------------------------------------------------- a promise named by its time ("my 3pm")

@dataclass(frozen=True)
class ClockNamed:
    """A clock time that names a promise ("cancel my 3pm", "3시 거 취소해 줘"): `hour` 0-23 when am/pm (오전/오후) was
    said, else 1-12 meaning either half of the day; `minute` 0-59."""

    hour: int
    minute: int
    half_known: bool
    day: int | None = None   # days from today it was said of ("tomorrow's 6:45 alarm": 1), None for the nearest

    def fits(self, hour: int, minute: int) -> bool:
        if minute != self.minute:
            return False
        return hour == self.hour if self.half_known else hour % 12 == self.hour % 12


# "turn off tomorrow's 6:45 alarm", "cancel the 7 am alarm for tomorrow" (the fifty-seventh session: to the model)
_EN_CLOCK = re.compile(r"(?:(?:my|the|that|this)\s+)?(?:(?P<day_before>today|tonight|tomorrow)'s\s+)?"
                       r"(?P<h>\d{1,2})(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?|o'?clock)?"
                       r"(?:\s+(?:one|thing|reminder|appointment|task|meeting|call|alarm|wake-?up\s+alarm|promise|slot))?"
                       r"(?:\s+(?:for\s+)?(?P<day_after>today|tonight|tomorrow))?")
_KO_CLOCK = re.compile(r"(?:(?:내|제|그)\s*)?(?P<ap>오전|오후|아침|저녁|밤)?\s*(?P<h>\d{1,2})\s*시(?:\s*(?P<m>\d{1,2})\s*분|\s*(?P<half>반))?"
                       r"(?:\s*(?:거|것|꺼|일정|약속|알림|할\s*일|일))?")


def clock_named(words: str) -> ClockNamed | None:
    """The clock time `words` name a promise by ("my 3pm", "the 4 o'clock", "3:30", "오후 3시 거"), or None. A bare
    number ("cancel 3") is no time: the list's third, which `intents` reads."""
    words = words.strip()
    if (m := _EN_CLOCK.fullmatch(words)) is not None and (m["ap"] or m["m"]):
        hour, minute = int(m["h"]), int(m["m"] or 0)
        ap = (m["ap"] or "").replace(".", "")
        if hour > 23 or (ap in ("am", "pm") and not 1 <= hour <= 12):
            return None
        day = m["day_before"] or m["day_after"]
        day_n = None if day is None else int(day == "tomorrow")
        if ap in ("am", "pm"):
            return ClockNamed(hour % 12 + (12 if ap == "pm" else 0), minute, True, day_n)
        return ClockNamed(hour, minute, hour == 0 or hour > 12, day_n)
    if (m := _KO_CLOCK.fullmatch(words)) is not None:
        hour, minute = int(m["h"]), 30 if m["half"] else int(m["m"] or 0)
        if not 0 <= hour <= 24 or minute > 59:
            return None
        if m["ap"] in ("오후", "저녁", "밤") and hour < 12:
            return ClockNamed(hour + 12, minute, True)
        if m["ap"] in ("오전", "아침"):
            return ClockNamed(hour % 12, minute, True)
        return ClockNamed(hour % 24, minute, hour == 0 or hour > 12)
    return None


# "what do I have at 3pm?", "anything at 4?", "what's at 3:30", "do I have something at 10am tomorrow" (today only),
# "3시에 뭐 있어?"
_EN_AT_ASKED = re.compile(r"(?:so\s+|and\s+)?(?:what(?:'s|\s+is)|what\s+do\s+i\s+have|what\s+have\s+i\s+got|do\s+i\s+have\s+(?:anything|something)"
                          r"|is\s+there\s+(?:anything|something)|anything)\s+(?:(?:on|scheduled|planned|due)\s+)?at\s+(?P<at>.+?)"
                          r"(?:\s+today)?")
_KO_AT_ASKED = re.compile(r"(?:오늘\s*)?(?P<at>.+?시(?:\s*\d{1,2}\s*분|\s*반)?)\s*에\s*(?:뭐|무슨\s*일|할\s*일|일정)\s*(?:있어|있나|있니|있지|있어요|있나요|있었지)")


def at_time_asked(t: str) -> ClockNamed | None:
    """"What do I have at 3pm?", "3시에 뭐 있어?": the clock time asked about, or None."""
    m = _EN_AT_ASKED.fullmatch(t) or _KO_AT_ASKED.fullmatch(t)
    if m is None:
        return None
    at = m["at"]
    if re.fullmatch(r"\d{1,2}", at.strip()):   # "anything at 4?": a time said plainly
        at = f"{at.strip()} o'clock"
    return clock_named(at)


# "am I free tomorrow at 3pm?", "am I busy at 4", "do I have anything on Friday at 10am?", "내일 3시에 시간 돼?",
# "내일 오후 3시 비어 있어?" (the forty-seventh session: SmolLM2 said "I'm sorry for your loss, but as a voice assistant,
# I'm not available …"). The words of the time are given back; the desk reads them as a time and asks the agenda.
_EN_FREE = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:am\s+i\s+(?:free|busy|available|booked)|do\s+i\s+have\s+(?:anything|something)"
                      r"(?:\s+(?:on|scheduled|planned|booked))?|have\s+i\s+got\s+anything|is\s+there\s+anything(?:\s+on)?"
                      r"|is\s+my\s+calendar\s+(?:free|clear)|what(?:'s|\s+is)\s+on)\s+(?P<when>.*\d.*)")
# `when` starts at its first digit (`\D*\d`), not at any of them (`.*\d`): the same span (the ending holds no digit), read
# once, not once a digit (pass 54c: a 4,000-character turn of digits held the GIL 2.7 s in this pattern, the HUD stalled)
_KO_FREE = re.compile(r"(?:나\s*|내가\s*)?(?P<when>\D*\d.*?)\s*(?:에|엔|에는)?\s*(?:시간\s*(?:돼|되나|되니|있어|있나|괜찮아|비어\s*있어)"
                      r"|비어\s*있어|한가해|바빠|일정\s*(?:있어|비어\s*있어)|뭐\s*있어)(?:요)?")


# "what was the last thing you reminded me about?", "what did you just remind me of?", "방금 뭐 알려 줬어?" (the
# forty-seventh session: to the model, which made an answer up)
_EN_LAST_REMINDED = re.compile(r"(?:so\s+|and\s+|sorry\s*(?:,\s*)?)?(?:what\s+(?:was|is)\s+(?:the\s+|your\s+|that\s+)?(?:last|latest|previous)\s+"
                               r"(?:thing\s+)?(?:you\s+reminded\s+me\s+(?:about|of)|reminder(?:\s+(?:you\s+(?:gave|said)|about))?)"
                               r"|what\s+did\s+you\s+(?:just\s+)?remind\s+me\s+(?:about|of)|what\s+was\s+that\s+reminder(?:\s+about)?"
                               r"|what\s+was\s+(?:the|that)\s+reminder\s+(?:just\s+)?now)")
_KO_LAST_REMINDED = re.compile(r"(?:방금|아까|마지막(?:으로)?)\s*(?:뭐|뭘|무슨\s*(?:알림|일))\s*(?:을|를)?\s*(?:알려\s*줬|알려\s*준\s*거|알림\s*줬)"
                               r"(?:어|지|더라|야|었지|어요)?|(?:방금|아까|마지막)\s*알림\s*(?:이|은)?\s*(?:뭐였|뭐)(?:어|지|더라|야|어요)?")


def last_reminded_asked(t: str) -> bool:
    """"What was the last thing you reminded me about?", "방금 뭐 알려 줬어?": the reminder spoken last."""
    return _EN_LAST_REMINDED.fullmatch(t) is not None or _KO_LAST_REMINDED.fullmatch(t.replace("?", "")) is not None


def free_asked(t: str) -> str | None:
    """"Am I free tomorrow at 3pm?", "내일 3시에 시간 돼?": the words that say when (a clock time among them, which
    the desk checks), or None."""
    m = _EN_FREE.fullmatch(t) or (_KO_FREE.fullmatch(t) if not t.isascii() else None)
    return None if m is None else m["when"].strip()


# "what did I miss?", "did I miss anything?", "what did I forget?", "anything I forgot to do?", "뭐 놓친 거 있어?",
# "까먹은 거 있어?" (the forty-sixth session: "what did I miss?" went to the model; a promise 6 h past its due has
# expired and no list showed it). "Did I forget anything?" stays the agenda's list (what there is not to forget).
_EN_MISSED = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:what\s+did\s+i\s+(?:miss|forget|not\s+do|fail\s+to\s+do)"
                        r"|did\s+i\s+miss\s+(?:anything|something)|is\s+there\s+anything\s+i\s+(?:missed|forgot)"
                        r"|anything\s+i\s+(?:missed|forgot(?:\s+to\s+do)?)|what\s+have\s+i\s+(?:missed|forgotten))"
                        r"(?:\s+(?:this\s+week|lately|recently|yesterday|today))?")
_KO_MISSED = re.compile(r"(?:내가\s*)?(?:뭐|뭘|혹시)?\s*(?:놓친|까먹은|잊은|빼먹은|못\s*한)\s*(?:거|것|일)\s*(?:있어|있나|있니|있지|있어요|뭐야|뭐지)")


def missed_asked(t: str) -> bool:
    """"What did I miss?", "뭐 놓친 거 있어?": the promises that expired unfinished lately, and the overdue ones."""
    return _EN_MISSED.fullmatch(t) is not None or _KO_MISSED.fullmatch(t) is not None


# "what else?", "anything else?", "is that all?", "또 뭐 있어?", "그게 다야?": the rest of the agenda, asked right after
# part of it was read out (the fiftieth session: to the model, which made something up); `desk` answers it only then
_EN_MORE = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+|um\s+)*(?:what\s+else(?:\s+(?:is\s+there|do\s+i\s+have|have\s+i\s+got))?"
                      r"|(?:is\s+there\s+)?(?:anything|something)\s+else(?:\s+(?:on\s+(?:my|the)\s+(?:list|agenda)|i\s+(?:need|have)\s+to\s+do))?"
                      r"|(?:is\s+that|that's|is\s+this)\s+(?:all|everything|it)|any(?:thing)?\s+more|(?:and\s+)?the\s+rest)")
_KO_MORE = re.compile(r"(?:그리고\s*)?(?:또\s*(?:뭐|뭘|다른\s*거)\s*(?:있어|있지|있나|있니|있어요)|(?:그게|그거|이게)\s*다(?:야|예요|에요|인가|지)"
                      r"|다른\s*(?:건|거는|거|일은|일)\s*(?:없어|있어|뭐야)?|그\s*(?:외|밖)에(?:는|도)?(?:\s*(?:뭐|뭐\s*있어|있어))?|더\s*있어)")


def more_asked(t: str) -> bool:
    """Whether `t` (lower case, no closing punctuation) asks for the rest of a list just read out."""
    text = t.rstrip("?？ ")
    return bool(_EN_MORE.fullmatch(text) if text.isascii() else _KO_MORE.fullmatch(text))


# "what's the second thing on my list?", "read me the first one", "두 번째 할 일 뭐야?" (the fiftieth session: the whole
# list was read, and "mark it done" after it asked which): the words of the place, read by `meaning.picked`
_EN_NTH = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:what(?:'s|\s+is|\s+was)|read\s+me|tell\s+me|which\s+is)\s+"
                     r"(?P<place>(?:the\s+|my\s+)?(?:first|second|third|fourth|fifth|last|\d{1,2}(?:st|nd|rd|th)))\s+"
                     r"(?:thing|one|item|task|to-?do|reminder)(?:\s+(?:on|in)\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list))?")
_KO_NTH = re.compile(r"(?P<place>첫\s*번째|두\s*번째|세\s*번째|네\s*번째|다섯\s*번째|마지막|\d{1,2}\s*번째?)\s*"
                     r"(?:할\s*일|일|거|것|항목)(?:은|이|는)?\s*(?:뭐야|뭐지|뭐였지|알려\s*줘)")


def nth_asked(t: str) -> str | None:
    """The words naming a place on the agenda asked for ("the second"), or None."""
    text = t.rstrip("?？ ")
    m = _EN_NTH.fullmatch(text) if text.isascii() else _KO_NTH.fullmatch(text)
    return m["place"] if m else None


# "is Dana still on my list?", "do I still have the dentist on my agenda?", "is the report on my list?" (the fiftieth
# session: to the model): whether a promise so named is open
_EN_ON_LIST = re.compile(r"(?:so\s+|and\s+)?(?:is|are)\s+(?P<x>.+?)\s+(?:still\s+)?(?:on|in)\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list)"
                         r"|(?:so\s+|and\s+)?do\s+i\s+still\s+have\s+(?P<y>.+?)\s+(?:on|in)\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list)")


def on_list_asked(t: str) -> str | None:
    """The words naming a promise asked about ("dana"), or None."""
    m = _EN_ON_LIST.fullmatch(t.rstrip("?？ "))
    if m is None:
        return None
    words = (m["x"] or m["y"]).strip()
    return None if words in ("anything", "something", "everything", "it", "that", "there", "nothing") else words


# "I'm running late for the 10 o'clock", "running a bit behind for my meeting with Sam" (the fifty-sixth session's
# office day: kept as a promise "run late, today at 10 AM"): the one named, to say when it is
_EN_LATE = re.compile(r"(?:(?:so|and|ok|okay|oh|um+|uh+|ugh|heads\s+up),?\s+)*(?:i'm|i\s+am|we're|we\s+are)\s+(?:gonna\s+be|going\s+to\s+be|"
                      r"running)\s+(?:a\s+(?:bit|little)\s+|so\s+|really\s+|very\s+)?(?:late|behind)\s+(?:for|to)\s+"
                      r"(?P<x>(?:the|my|our)\s+.{1,60}?)")


def late_for(t: str) -> str | None:
    """The words naming what the user is late for ("the 10 o'clock", "my meeting with sam"), or None."""
    m = _EN_LATE.fullmatch(t)
    return m["x"] if m else None


# "what's left before the trip?", "what do I need to do before my flight?" (the fifty-sixth session's traveller:
# SmolLM2's "The hotel is 12C"): what is due before that promise
# "what do i have before the inspection", "whats due before the inspection" (the sixty-fifth session's café owner: a
# remembered sentence said back, the whole agenda)
_EN_BEFORE = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+|um+\s+)*(?:what(?:'s|s|\s+is)\s+(?:left|due|still\s+open|on\s+my\s+list)"
                        r"|what\s+(?:else\s+)?(?:do|should)\s+i\s+(?:still\s+)?(?:need\s+to|have\s+to)\s+do"
                        r"|what\s+(?:else\s+)?do\s+i\s+(?:still\s+)?have(?:\s+(?:to\s+do|left|on))?"
                        r"|what\s+(?:else\s+)?(?:is\s+there|have\s+i\s+got)\s+to\s+do)\s+before\s+(?:the|my|our)\s+(?P<x>[\w' -]{1,60}?)")


def before_asked(t: str) -> str | None:
    """The words naming the promise of "what's left before the trip?" ("trip"), or None."""
    m = _EN_BEFORE.fullmatch(t)
    return m["x"] if m else None


# "이번 달에 병원 가는 거 뭐 있지?" (the sixty-fourth session: the month's pills read with the check-up): the period's things of
# that place; 병원 names a check-up, a test, a clinic
_KO_GOING_TO = re.compile(r"(?<![가-힣])(?P<what>(?!이번|다음|담|금주|이달)[가-힣]{2,6})\s(?:가는|갈|가야\s?할|가야\s?되는)\s?(?:거|것|일)")
_KO_MEDICAL = ("검진", "검사", "진료", "진찰", "병원", "접종", "외래", "초음파", "치료", "수술", "입원", "퇴원", "처방",
               "치과", "안과", "피부과", "소아과", "내과", "이비인후과", "외과", "산부인과", "한의원", "의원", "정신과", "신경과")


def ko_place_asked(text: str) -> str | None:
    """The place a period's things are asked of ("병원" of "이번 달에 병원 가는 거 뭐 있지?"), else None."""
    return None if (going := _KO_GOING_TO.search(text)) is None else going["what"]


def at_place(desc: str, place: str) -> bool:
    """Is the promise `desc` one of going to `place` (its name in it; for 병원 a check-up, a test, a clinic too)?"""
    return place in desc or place == "병원" and any(word in desc for word in _KO_MEDICAL)
