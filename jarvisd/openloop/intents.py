"""Agenda intents: the questions and commands about the agenda that need no language model.

Matched before the agent loop, like Home Assistant's local intents: "what's on my agenda", "what's due
tomorrow", "mark the report done", "cancel the dentist", "remind me again in 10 minutes", "what did I
promise Mina", "no, Thursday" (a correction of the promise just captured), and their Korean forms.
Pure: a text in, an `Intent` or None out. What an intent does to the agenda is `desk.AgendaDesk`'s job.

Each intent is one small table of patterns, tried in a fixed order (the most specific first), over the
text with a leading "Jarvis," and trailing politeness removed. A pattern matches the whole utterance, so
"I need to cancel my gym membership" is a promise, not a cancel command.
"""

from __future__ import annotations

import re
from dataclasses import replace

from jarvisd.language import language_of
from jarvisd.openloop.corrections import EN_TAKE_BACK, as_hour, only_a_time
from jarvisd.openloop.intent_words import SNOOZE_DEFAULT_MIN, TRAIL_CHARS, Intent, IntentKind, polite_off
from jarvisd.openloop.intents_en import EN_CORRECTS, EN_NEXT_MONTH, EN_THIS_MONTH, EN_THIS_WEEK, en_intent
from jarvisd.openloop.intents_ko import KO_CORRECTS, ko_intent
from jarvisd.openloop.when import time_spans

__all__ = ["SNOOZE_DEFAULT_MIN", "Intent", "IntentKind", "all_on_day", "clean", "closing_everything", "correction_time", "match_intent",
           "unnamed_closing"]

# "Hi Jarvis, what's today's date?" (the fifty-first session: the greeting sent the question to SmolLM2)
_VOCATIVE = re.compile(r"^\s*(?:(?:hey|hi|hello|ok(?:ay)?|good\s+(?:morning|afternoon|evening))\s*,?\s+)?(?:jarvis|자비스)(?:야|아)?\s*[,.!?~]?\s*", re.IGNORECASE)
_FILLERS = re.compile(r"^(?:(?:um+|uh+|er+m*|hmm+|oh|ah|well|so|okay|ok|hey|음+|어+|그+|저기|아)[\s,.]+)+", re.IGNORECASE)
# "you can check off X", "could you please mark X done": the command after its politeness
# ("would you be so kind as to tell me what's on my list", the sixty-third session's older user: to SmolLM2)
_EN_COURTESY = re.compile(r"^(?:(?:you\s+can|can\s+you|could\s+you|would\s+you|will\s+you|please|just|go\s+ahead\s+and|kindly|"
                          r"(?:would|could)\s+you\s+be\s+(?:so|ever\s+so)\s+kind\s+as\s+to|be\s+a\s+dear\s+and)\s+)+"
                          r"(?=(?:mark|check|tick|cross|cancel|delete|remove|drop|scratch|scrap|take|forget|snooze|read|show|list|tell)\b)",
                          re.IGNORECASE)


# "what's on for tomorrow mate", "snooze it, Jarvis": the one addressed, named at the end; not "drinks with my mate"
# ("what have I got on this week dear", the sixty-third session's older user: "Good. That wasn't on your agenda")
_EN_TAIL_ADDRESS = re.compile(r"(?P<sep>\s*,\s*|\s+)(?P<word>jarvis|mate|buddy|pal|dude|bro|man|love|boss|dear|dearie|darling|"
                              r"honey|sweetheart)$", re.IGNORECASE)
_EN_NOT_ADDRESS = re.compile(r"\b(?:my|the|a|an|your|his|her|our|their|with|to|for|and|of|old|best|this|that)$", re.IGNORECASE)


# "anything due tomorrow eh", "mark the fees paid, yeah": a tag said at the end
_EN_TAIL_TAG = re.compile(r"(?:\s*,\s*|\s+)(?:eh|yeah|huh|right|alright|okay|ok|then|again|please|pls|plz|lol"
                          r"|would\s+you|could\s+you|will\s+you|can\s+you|if\s+you\s+would)$", re.IGNORECASE)
# "ask me again in an hour and a half, I'm just popping out": why the user is off, said after the command
_EN_TAIL_AWAY = re.compile(r"\s*,\s*i'?m\s+(?:just\s+)?(?:popping|nipping|heading|off|out|busy|driving|cooking|going\s+out"
                           r"|in\s+a\s+meeting|on\s+the\s+phone)\b[^,]*$", re.IGNORECASE)


def _address_off(text: str) -> str:
    text = _EN_TAIL_AWAY.sub("", text.rstrip(TRAIL_CHARS).replace("’", "'"))
    for _ in range(2):                 # "…, eh, mate", "…, mate, eh"
        text = _EN_TAIL_TAG.sub("", text.rstrip(TRAIL_CHARS))
        m = _EN_TAIL_ADDRESS.search(text)
        if m is None or _EN_NOT_ADDRESS.search(text[:m.start()]) or \
                ("," not in m["sep"] and m["word"].lower() in ("man", "love", "boss", "honey", "sweetheart")):   # "man", "boss": a noun but after a comma
            continue
        text = text[:m.start()]
    return text


def clean(text: str) -> str:
    """Lower case, one space, no leading "Jarvis," and no closing punctuation or "please"."""
    text = _VOCATIVE.sub("", " ".join(text.split()))
    text = _FILLERS.sub("", text)
    text = _EN_COURTESY.sub("", text)
    text = polite_off(_address_off(text.rstrip(TRAIL_CHARS)))
    return text.rstrip(TRAIL_CHARS).lower().replace("’", "'")


# English words said inside a Korean sentence, as the Korean rules know them
_EN_IN_KO_WORDS = {"today": "오늘", "tonight": "오늘 밤", "tomorrow": "내일", "tmrw": "내일", "agenda": "아젠다",
                   "todo list": "할 일 목록", "to-do list": "할 일 목록", "todo": "투두", "snooze": "스누즈",
                   "remind": "리마인드", "schedule": "스케줄", "list": "목록"}
_EN_IN_KO = re.compile(r"(?<![a-z])(?:to-?do list|todo|today|tonight|tomorrow|tmrw|agenda|snooze|remind|schedule|list)(?![a-z])")


# A closing that names nothing: said of the promise just reminded or just captured ("mark it done", "scratch
# that off the list, it's done", "그거 지워 줘 이제 필요 없어"); the desk applies it only when one is in focus
_EN_IT = (r"(?:it|that|this|that\s+one|this\s+one|the\s+last\s+(?:one|thing|reminder|item|task|promise)"   # "delete the last one"
          r"(?:\s+i\s+(?:added|said))?|what\s+i\s+just\s+(?:added|said))")
_EN_IT_LEAD = r"(?:(?:ok(?:ay)?|yes|yeah|yep|great|good|actually|oh|wait|no|so|and|just)[\s,]+)*"
_EN_IT_DONE = re.compile(
    rf"{_EN_IT_LEAD}(?:(?:mark|set|put)\s+{_EN_IT}\s+(?:down\s+)?(?:as\s+)?(?:done|complete|completed|finished)"
    rf"|(?:{_EN_IT}(?:'s|\s+is|\s+was)|i'?ve|i\s+have|i)\s+(?:all\s+|already\s+|just\s+)?(?:done|finished|sorted|handled|did)(?:\s+(?:it|that))?"
    r"(?:\s+already)?"   # "i did it already" (focus72: "That wasn't on your agenda")
    rf"|(?:all\s+)?done|finished|did\s+it|got\s+it\s+done|(?:check|tick|cross)\s+{_EN_IT}\s+off(?:\s+(?:my|the)\s+(?:list|agenda))?"
    rf"|(?:scratch|take)\s+{_EN_IT}\s+off(?:\s+(?:my|the)\s+(?:list|agenda))?[\s,]+(?:it'?s|it\s+is|that'?s)\s+(?:all\s+)?done)"
    # "it's done, you can tick it off" (Whisper: "take it off")
    rf"(?:[\s,]+(?:so\s+)?(?:you\s+can\s+)?(?:tick|take|check|cross|mark)\s+(?:it|that)\s+off(?:\s+(?:my|the)\s+(?:list|agenda))?)?")
# "forget that one", "never mind, forget that one", "never mind that one" (focus72: SmolLM2's "I'm not sure what to say,
# but I'll try again", the promise kept): one named as an item ("forget it", "never mind" alone let talk go, not a promise)
_EN_IT_ONE = r"(?:that|this|the\s+last)\s+(?:one|reminder|task|item|promise)"
_EN_IT_CANCEL = re.compile(
    rf"{_EN_IT_LEAD}(?:(?:never\s*mind|forget\s+it)[\s,]+)?(?:(?:forget|never\s*mind)(?:\s+about)?\s+{_EN_IT_ONE}|"
    rf"(?:cancel|drop|delete|remove|scrap|scratch|clear)\s+{_EN_IT}|(?:scratch|take)\s+{_EN_IT}\s+off(?:\s+(?:my|the)\s+(?:list|agenda))?"
    rf"|(?:i\s+)?(?:don'?t|do\s+not)\s+need\s+(?:to\s+do\s+)?(?:it|that)(?:\s+any\s*more)?"
    rf"|cancel(?:\s+(?:please|now))?)"   # a bare "cancel" right after "OK, a 10-minute timer" (the session's chat: the model)
    rf"(?:[\s,]+(?:(?:i\s+)?(?:don'?t|do\s+not)\s+need\s+(?:it|that|to)|i'?m\s+not\s+doing\s+(?:it|that)|not\s+doing\s+(?:it|that))"
    rf"(?:\s+any\s*more)?)?")
_KO_IT = r"(?:(?:응|어|네|예|아)\s+)?(?:그거|그것|그건|이거|저거)?\s*"
_KO_DID = r"(?:다\s*)?(?:했어|했어요|했다|했음|끝났어|끝났어요|끝냈어|끝|완료(?:했어|했어요)?)"
_KO_IT_DONE = re.compile(rf"{_KO_IT}(?:{_KO_DID}|완료\s*처리\s*해\s*줘|완료\s*처리해\s*주세요|체크\s*해\s*줘)"
                         # "다 했어 끝났다고 해줘": done, and the assistant asked to record it so
                         rf"(?:\s*(?:끝났다고|했다고|완료라고|완료로)\s*(?:해\s*줘|해|표시\s*해\s*줘|체크\s*해\s*줘))?")
_KO_IT_CANCEL = re.compile(rf"{_KO_IT}(?:안\s*할래\s*)?(?:지워\s*줘|지워\s*주세요|취소\s*해\s*줘|취소해\s*주세요|"
                           # "그거 취소해" (the fifty-ninth session: to SmolLM2, right after a promise was kept)
                           r"취소\s*해(?:요)?|취소\s*하자|취소\s*할게(?:요)?|취소|빼\s*줘)(?:\s*이제)?"
                           r"(?:\s*(?:필요\s*없어|안\s*해도\s*돼))?"
                           # "그거 지워도 된다", "그건 이제 안 해도 된다", "그거 빼도 돼요" (pass 25: only "지워 줘" was)
                           rf"|{_KO_IT}(?:이제\s*)?(?:필요\s*없(?:어|다)|(?:안\s*해도|지워도|빼도|취소\s*해도)\s*(?:돼|된다|됩니다|괜찮아))(?:요)?"
                           # "그건 됐어" (the sixtieth session: to the model), never mind that one; the topic said ("그거
                           # 됐어" may be "it worked"), as `closures_ko._never_mind` reads "우유는 됐어"
                           r"|(?:(?:응|아|어)\s+)?(?:그건|그거는|그것은|이건)\s*(?:이제\s*)?(?:됐어|됐어요|됐다|됐고|괜찮아|괜찮아요)")


def unnamed_closing(text: str) -> IntentKind | None:
    """"done" or "cancel" for a closing that names no promise ("mark it done", "that's done", "cancel it",
    "그거 했어", "그거 지워 줘"), else None. Which promise it closes is the caller's: the one in focus."""
    t = clean(text)
    if not t or text.rstrip().endswith(("?", "？")):   # "다 했어?": asked, not told
        return None
    if _EN_IT_DONE.fullmatch(t) or _KO_IT_DONE.fullmatch(t):
        return "done"
    if _EN_IT_CANCEL.fullmatch(t) or _KO_IT_CANCEL.fullmatch(t):
        return "cancel"
    return None


def match_intent(text: str) -> Intent | None:
    """The agenda intent `text` expresses, or None (then it is a turn for the promise rules and the agent).

    `correct` is not matched here: it needs a time in the words and a promise just captured
    (`correction_time`)."""
    t = clean(text)
    if not t or unnamed_closing(t) is not None:
        return None             # "scratch that off the list, it's done": the one in focus (the desk's)
    if (every := closing_everything(t)) is not None:
        return every
    if language_of(t) == "en":
        return _this_week(en_intent(t), t)
    # a sentence of both: "check off the 보리 walk", "what did I promise 수아" (mostly English), "어 today 뭐
    # 해야 돼", "5분만 snooze" (Korean with English words, read as their Korean); the other reading if
    # the first finds nothing ("tomorrow 뭐 있지")
    asked = text.rstrip().endswith(("?", "？"))   # "저녁 7시에 저녁 약속 있어?" asks; without the mark it is told
    readings = (lambda: en_intent(t), lambda: ko_intent(_EN_IN_KO.sub(lambda m: _EN_IN_KO_WORDS[m.group(0)], t), asked))
    if language_of(t, hangul_weight=2) == "ko":
        readings = readings[::-1]
    return _this_week(readings[0]() or readings[1](), t)


# A closing of the whole agenda: "clear my agenda", "cancel everything", "delete all my reminders", "mark them all
# done", "일정 다 지워 줘", "할 일 전부 취소해 줘", "전부 완료 처리해 줘". The desk asks before it closes anything.
# Before, "cancel all of them" answered "I couldn't find all of them", "일정 다 지워줘" "'일정 다'을(를) 찾지
# 못했어요", and "clear my agenda" went to the model.
_EN_LIST = r"(?:agenda|list|to-?do(?:\s+list)?|todo(?:\s+list)?|calendar|schedule|reminders)"
_EN_ALL_THINGS = (r"(?:everything|all\s+of\s+(?:them|it|those|these)|(?:them|it|those)\s+(?:all|both)|both(?:\s+of\s+them)?"
                  r"|all(?:\s+(?:of\s+)?(?:my|the))?\s+(?:reminders|tasks|promises|to-?dos|todos|things|items|open\s+loops)"
                  rf"|all|(?:the\s+)?whole\s+(?:thing|lot|{_EN_LIST}))")
# "delete everything for tomorrow" (the fifty-first session: "I couldn't find everything for tomorrow on your agenda"):
# the day's promises (`desk`, through `all_on_day`)
_EN_WHERE = (rf"(?:\s+(?:on|from|off|in)\s+(?:my|the)\s+(?:whole\s+)?{_EN_LIST})?"
             r"(?:\s+(?:for|on|due|from)\s+(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day))?")
_EN_CANCEL_ALL = re.compile(
    rf"(?:(?:clear|wipe|empty|reset)(?:\s+out)?\s+(?:my|the)\s+(?:whole\s+|entire\s+)?{_EN_LIST}(?:\s+out)?"
    rf"|(?:cancel|delete|remove|drop|clear|scrap|scratch|forget|erase)\s+{_EN_ALL_THINGS}{_EN_WHERE}"
    rf"|(?:take|scratch|cross|clear)\s+{_EN_ALL_THINGS}\s+off(?:\s+(?:my|the)\s+(?:whole\s+)?{_EN_LIST})?)")
_EN_DONE_ALL = re.compile(
    rf"(?:mark|set|check|tick|cross)\s+{_EN_ALL_THINGS}(?:\s+(?:off|as))?(?:\s+(?:done|complete|completed|finished))?{_EN_WHERE}"
    rf"|(?:i'?ve|i\s+have|i)\s+(?:done|finished|did|completed)\s+(?:everything|all\s+of\s+(?:them|it)|them\s+all|it\s+all)"
    rf"{_EN_WHERE}")
_KO_LIST = r"(?:(?:일정|할\s*일|약속|목록|할\s*일\s*목록|아젠다|스케줄|리마인더|알림)(?:을|를|은|는|도)?\s*)?"
_KO_ALL = r"(?:다|전부|모두|싹|싹\s*다|몽땅|전체|전부\s*다|모두\s*다|다\s*같이|둘\s*다|셋\s*다)\s*"
_KO_CANCEL_ALL = re.compile(
    rf"{_KO_LIST}{_KO_ALL}(?:지워|취소\s*해|취소해|삭제\s*해|삭제해|빼|비워|정리\s*해|정리해)\s*(?:줘|주세요|줄래|줄래요|버려|라)?"
    rf"|{_KO_LIST}{_KO_ALL}(?:취소|삭제)"
    rf"|(?:일정|할\s*일|할\s*일\s*목록|목록|아젠다|스케줄)(?:을|를)?\s*(?:싹\s*)?(?:비워|초기화\s*해|초기화해)\s*(?:줘|주세요)")
_KO_DONE_ALL = re.compile(
    rf"{_KO_LIST}(?:전부|모두|전부\s*다|모두\s*다)\s*(?:했어|했어요|끝났어|끝냈어|완료했어|완료|끝)"
    rf"|{_KO_LIST}{_KO_ALL}완료\s*(?:처리\s*)?(?:해\s*줘|해\s*주세요|로\s*해\s*줘)")


# "cancel everything except Bob", "mark all done but the email", "밥 전화 빼고 다 취소해줘": the whole agenda but what
# the exception names (`Intent.keep`). Before, the English was read as a promise named "everything except bob"
# ("I couldn't find …"), and "cancel everything but the call to Bob" and the Korean cancelled the one to keep.
_EN_EXCEPT = re.compile(r"(?P<head>.+?)\s*,?\s+(?:except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|aside\s+from"
                        r"|save\s+for|besides|bar)\s+(?:for\s+)?(?P<keep>.+)")
_EN_EXCEPT_FIRST = re.compile(r"(?:except(?:\s+for)?|other\s+than|apart\s+from|aside\s+from)\s+(?P<keep>.+?)\s*,\s*(?P<head>.+)")
_KO_EXCEPT = re.compile(r"(?P<keep>.+?)\s*(?:만\s*)?(?:빼고|말고|제외하고|빼놓고|빼곤|남기고|남겨\s*두고|놔두고|외에(?:는)?)\s*(?:,\s*)?"
                        r"(?P<head>.+)")


def closing_everything(t: str) -> Intent | None:
    """"cancel_all" / "done_all" for a closing of the whole agenda (`t` cleaned), else None; an exception said with
    it ("except Bob", "밥 전화 빼고") is the intent's `keep`: what stays open."""
    if t.endswith(("?", "？")):
        return None
    for pattern in (_EN_EXCEPT_FIRST, _EN_EXCEPT, _KO_EXCEPT):
        if (parts := pattern.fullmatch(t)) is not None and (whole := _closing_all(parts["head"])) is not None:
            keep = parts["keep"].strip(" ,")
            return replace(whole, keep=keep) if keep else None
    return _closing_all(t) or (day[0] if (day := all_on_day(t)) is not None else None)


_EN_DAY = r"(?P<day>today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
# "cancel everything tomorrow", "clear my day tomorrow", "clear tomorrow", "I'm sick tomorrow, cancel everything for
# tomorrow", "내일 일정 다 취소해 줘", "내일 거 다 취소해" (the sixty-third session: "I couldn't find everything tomorrow",
# nothing, SmolLM2's "I'm sorry, I'm sorry", "할 일 목록에서 '내일 일정 다'를 찾지 못했어요"): a day's promises closed
_EN_DAY_LAST = re.compile(r"(?P<rest>.+?)\s+(?:for\s+|on\s+|due\s+|from\s+)?" + _EN_DAY)
_EN_CLEAR_DAY = re.compile(r"(?:clear|free\s+up|cancel|wipe)\s+(?:(?:my|the)\s+)?(?:(?:whole|entire)\s+)?(?:day\s+|schedule\s+"
                           r"(?:for\s+)?|plans\s+(?:for\s+)?)?" + _EN_DAY + r"(?:'s\s+(?:schedule|agenda|plans))?")
_KO_DAY_FIRST = re.compile(r"(?P<day>오늘|내일|모레|(?:이번\s*주\s*|다음\s*주\s*)?[월화수목금토일]요일)\s*(?:에\s*)?(?:있는\s*)?"
                           r"(?:(?:일정|거|것|약속|할\s*일|스케줄)\s*)?(?:은|는|을|를|도)?\s*(?P<rest>(?:다|전부|모두|싹|몽땅|전체).*)")


def all_on_day(t: str) -> tuple[Intent, str] | None:
    """A closing of every promise of one day ("cancel everything for tomorrow", "내일 일정 다 취소해 줘"; `t` cleaned):
    (the closing, the day's words), else None. A reason said before it ("I'm sick tomorrow, …") is passed over."""
    # the whole, then the last clause (once: pass 4's 2,000 commas were 2,000 nested readings, a RecursionError)
    for said in (t, t.rsplit(", ", 1)[1]) if ", " in t else (t,):
        if (m := _EN_CLEAR_DAY.fullmatch(said)) is not None:
            return Intent("cancel_all", "en", command=True), m["day"]
        if (m := _EN_DAY_LAST.fullmatch(said)) is not None and (whole := _closing_all(m["rest"])) is not None:
            return whole, m["day"]
        if (m := _KO_DAY_FIRST.fullmatch(said)) is not None and (whole := _closing_all(m["rest"])) is not None:
            return whole, m["day"]
    return None


def _closing_all(t: str) -> Intent | None:
    if _EN_CANCEL_ALL.fullmatch(t):
        return Intent("cancel_all", "en", command=True)
    if _EN_DONE_ALL.fullmatch(t):
        return Intent("done_all", "en", command=True)
    if _KO_CANCEL_ALL.fullmatch(t):
        return Intent("cancel_all", "ko", command=True)
    if _KO_DONE_ALL.fullmatch(t):
        return Intent("done_all", "ko", command=True)
    return None


_KO_THIS_WEEK = re.compile(r"이번\s*주|금주")
_KO_THIS_MONTH = re.compile(r"이번\s*달|이달")
_KO_NEXT_MONTH = re.compile(r"다음\s*달|담\s*달")
_NEXT_WEEK = re.compile(r"\bnext\s+week\b|다음\s*주|담\s*주")


def _this_week(intent: Intent | None, t: str) -> Intent | None:
    """The whole list asked for this week ("what's on my agenda this week", "이번 주 할 일 뭐야"): its dues through
    Sunday (pass 35's low: the whole agenda was read); for next week ("what's due next week", "다음 주 뭐 있어"),
    the dues of next Monday to Sunday (pass 37's low: the whole agenda, said as "on your agenda")."""
    if intent is None or intent.kind != "list":
        return intent
    if _NEXT_WEEK.search(t):
        return Intent("due_next_week", intent.lang)
    if EN_NEXT_MONTH.search(t) or _KO_NEXT_MONTH.search(t):
        return Intent("due_next_month", intent.lang)
    if EN_THIS_MONTH.search(t) or _KO_THIS_MONTH.search(t):
        return Intent("due_month", intent.lang)
    if EN_THIS_WEEK.search(t) or _KO_THIS_WEEK.search(t):
        return Intent("due_week", intent.lang)
    return intent


# What is not the new time in "5pm not 4pm", "11am instead of 10am", "not 4 but 5" (pass 25: none of these moved
# anything); the time taken back is read by `corrections.taken_back`
_EN_NOT_TAIL = re.compile(rf"[\s,]*\b(?:{EN_TAKE_BACK})\s+.*$")
_EN_BUT_HEAD = re.compile(r"^(?:but|rather)\s+")


# "change 8pm to 9pm", "move it from Friday to Monday": the time said first is taken back (`corrections.taken_back`)
_EN_FROM_TO = re.compile(r"^(?:it\s+|that\s+)?(?:from\s+)?(?P<old>.+?)\s+to\s+(?P<new>.+)$")


# "move the call to 4": a bare hour after a named promise is its clock time, as "to 4 o'clock" (the forty-second
# session: only "move it to 4" moved; "move the call to 4" went to the model)
_EN_NAMED_TO_HOUR = re.compile(r"(?P<name>.*\D)\s+(?P<to>to|for|at)\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?"
                               # "actually make the insurance call 10" (the fifty-first session: "I'm not sure what to
                               # say"): a promise named with "the"/"my" and an hour alone after it
                               r"|(?:(?:make|move|change|push|put|set)\s+)?(?P<named>(?:the|my)\s+[a-z][^\d]*[a-z])\s+(?P<h2>\d{1,2})"
                               r"(?::(?P<m2>\d{2}))?")


def _new_time_en(words: str) -> str:
    if (named := _EN_NAMED_TO_HOUR.fullmatch(words)) is not None and named["named"] and not time_spans(words) \
            and int(named["h2"]) <= 12:
        words = f"{named['named']} to {named['h2']}{':' + named['m2'] if named['m2'] else ''} o'clock"
    elif named is not None and named["h"] and not time_spans(words) and \
            int(named["h"]) <= 12 and named["name"].split()[-1] not in ("it", "that", "this"):
        words = f"{named['name']} {named['to']} {named['h']}{':' + named['m'] if named['m'] else ''} o'clock"
    m = _EN_FROM_TO.match(words)
    if m is not None and only_a_time(as_hour(m["old"])) and time_spans(m["new"]):
        words = m["new"]
    return as_hour(_EN_BUT_HEAD.sub("", _EN_NOT_TAIL.sub("", words)) or words)


def correction_time(text: str) -> str | None:
    """The words after a correction cue ("no, Thursday" -> "thursday"; "아니 목요일" -> "목요일";
    "actually make it 4 pm" -> "4 pm"; "5시로 바꿔줘" -> "5시"), or None when it is not a correction.
    The desk applies it only when those words hold a time and a promise was just captured."""
    t = clean(text)
    korean = language_of(t) == "ko"
    for pattern in KO_CORRECTS if korean else EN_CORRECTS:
        m = pattern.fullmatch(t)
        if m is not None and m["x"].strip():
            return m["x"].strip(" ,") if korean else _new_time_en(m["x"].strip(" ,"))
