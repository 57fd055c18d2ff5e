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
from dataclasses import dataclass
from typing import Literal

from jarvisd.language import language_of
from jarvisd.openloop.commitment_words import EN_BASE_VERBS
from jarvisd.openloop.intent_words import (
    EN_NUMBER,
    KO_NOT_NEEDED,
    KO_NUMBER,
    TRAIL_CHARS,
    ko_name,
    ko_task_words,
    minutes_of,
    polite_off,
)
from jarvisd.openloop.text import EN_FUNCTION

IntentKind = Literal["list", "due_today", "due_tomorrow", "done", "cancel", "snooze", "promised_to", "correct"]

SNOOZE_DEFAULT_MIN = 10


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    lang: Literal["en", "ko"]
    argument: str = ""          # the words naming a promise (done, cancel), a person (promised_to), a time (correct)
    minutes: int | None = None  # snooze
    command: bool = False       # an order to the assistant ("mark X done", "X 취소해줘"), not a remark ("X is done"):
                                # when nothing on the agenda answers to it, the user is told so


_VOCATIVE = re.compile(r"^\s*(?:hey\s+|ok(?:ay)?\s+)?(?:jarvis|자비스)(?:야|아)?\s*[,.!?~]?\s*", re.IGNORECASE)
_FILLERS = re.compile(r"^(?:(?:um+|uh+|er+|hmm+|oh|ah|well|so|okay|ok|hey|음+|어+|그+|저기|아)[\s,.]+)+", re.IGNORECASE)
# "you can check off X", "could you please mark X done": the command after its politeness
_EN_COURTESY = re.compile(r"^(?:(?:you\s+can|can\s+you|could\s+you|would\s+you|will\s+you|please|just|go\s+ahead\s+and)\s+)+"
                          r"(?=(?:mark|check|tick|cross|cancel|delete|remove|drop|scratch|scrap|take|forget|snooze|read|show|list|tell)\b)",
                          re.IGNORECASE)


def clean(text: str) -> str:
    """Lower case, one space, no leading "Jarvis," and no closing punctuation or "please"."""
    text = _VOCATIVE.sub("", " ".join(text.split()))
    text = _FILLERS.sub("", text)
    text = _EN_COURTESY.sub("", text)
    text = polite_off(text.rstrip(TRAIL_CHARS))
    return text.rstrip(TRAIL_CHARS).lower().replace("’", "'")


# ---------------------------------------------------------------- English

_MY_LIST = (r"(?:my\s+)?(?:open\s+)?(?:agenda|to[- ]?do(?:\s+list)?|to[- ]?dos|todo\s+list|task\s+list|tasks|list|promises"
            r"|reminders|plate)")
_EN_LIST = [
    rf"what(?:'s| is| are)?\s+(?:left\s+|still\s+)?(?:on|in)\s+{_MY_LIST}",
    rf"(?:read|show|tell|give)\s+(?:me\s+)?(?:all\s+)?{_MY_LIST}",
    r"(?:list|show)\s+(?:me\s+)?(?:all\s+)?(?:my\s+)?(?:open\s+)?(?:tasks|promises|to-?dos|reminders|agenda)",
    r"(?:show|tell|give|list)\s+(?:me\s+)?(?:everything|all|what)\s+(?:that\s+)?i(?:'ve| have)?\s+(?:promised|said i'd do)",
    r"what\s+(?:do|did)\s+i\s+(?:still\s+)?(?:have|need|got)\s+to\s+do",
    r"what\s+am\s+i\s+supposed\s+to\s+(?:be\s+)?do(?:ing)?",
    r"what(?:'s| is)\s+(?:left\s+)?on\s+my\s+plate",
    r"what\s+(?:are|were)\s+my\s+(?:open\s+)?(?:tasks|promises|to-?dos|reminders|plans)",
    rf"(?:any|anything|is there anything)\s+(?:open\s+tasks|(?:on|in)\s+{_MY_LIST})",
    r"what\s+have\s+i\s+(?:got|promised)(?:\s+to\s+do)?",
    r"(?:my\s+)?agenda",
]
_DAY_TODAY = r"(?:today|tonight|this evening|(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|today))"
_DAY_TOMORROW = r"(?:tomorrow)"
_EN_DUE_LEAD = (r"(?:what(?:'s| is| are)|what things are|is (?:there )?anything|anything|what do i (?:have|need) to (?:do|finish)"
                r"|what do i have|what have i got|what's left|what is left|what should i (?:do|finish)"
                r"|what deadlines do i have|any deadlines|what(?:'s| is) the deadline)")


def _en_due(day: str) -> list[str]:
    return [rf"(?:what(?:'s| is)|anything)\s+(?:on|happening|going on|coming up)\s+(?:for\s+)?{day}",
            rf"(?:what(?:'s| is)|anything)\s+(?:on|in)\s+{day}'s\s+(?:list|agenda|plate|to-?do list|to-?dos|tasks)",
            rf"{_EN_DUE_LEAD}(?:\s+(?:due|left|still open|to do|on my (?:agenda|list|plate)|i (?:need|have) to do))?"
            rf"(?:\s+(?:for|by|until|before))?\s+{day}"]


_EN_DONE = [
    r"(?:mark|set)\s+(?P<x>.+?)\s+(?:as\s+)?(?:done|complete|completed|finished)",
    r"(?:check|tick|cross)\s+off\s+(?P<x>.+?)(?:\s+(?:on|from)\s+my\s+(?:agenda|list))?",
    r"(?:check|tick|cross)\s+(?P<x>.+?)\s+off(?:\s+(?:my\s+)?(?:agenda|list))?",
    r"(?P<x>.+?)\s+(?:is|are)\s+(?:all\s+)?(?:done|finished|complete|completed|taken care of)",
    r"(?:i(?:'ve| have|'m| am)?\s+)?(?:finished|completed|done with)\s+(?P<x>.+)",
]
_EN_CANCEL = [
    r"(?:cancel|delete|remove|drop|scratch|scrap)\s+(?P<x>[^,]+?)(?:\s+(?:from|off|on)\s+(?:my|the)\s+(?:agenda|list|to-?do list))?"
    r"(?:,.*)?",
    r"take\s+(?P<x>[^,]+?)\s+off(?:\s+(?:my|the)\s+(?:agenda|list|to-?do list))?(?:,.*)?",
    r"(?:forget|never\s*mind)\s+(?:about\s+)?(?P<x>.+?)(?:,.*)?",
    r"(?:i\s+)?(?:don't|do not|no longer)\s+(?:need|have)\s+to\s+(?P<x>.+?)\s+any\s*more",
]
_EN_AMOUNT = r"(?:like\s+|about\s+|another\s+(?!half))?(?P<n>\d+|" + \
    "|".join(sorted(map(re.escape, EN_NUMBER), key=len, reverse=True)) + r")\s*(?:more\s+)?(?P<unit>minutes?|mins?|hours?|hrs?)"
_EN_MORE_AMOUNT = _EN_AMOUNT.replace("(?P<unit>", r"(?:more\s+)?(?P<unit>")  # "15 more minutes"
_EN_SNOOZE = [
    rf"(?:remind|tell|ask)\s+me\s+(?:again|later|once more)\s+in\s+{_EN_AMOUNT}",
    rf"(?:remind|tell)\s+me\s+in\s+{_EN_AMOUNT}(?:\s+again)?",
    rf"(?:snooze|again)(?:\s+(?:it|that|for))*\s+(?:in\s+)?{_EN_AMOUNT}",
    rf"(?:not now[\s,]+)?(?:in\s+)?{_EN_AMOUNT}(?:\s+(?:later|more))?",
    rf"give\s+me\s+(?:another\s+)?{_EN_MORE_AMOUNT}",
    rf"(?:push|put|move|kick)\s+(?:it|that|this)\s+back\s+(?:by\s+)?{_EN_AMOUNT}",
    rf"(?:delay|postpone)\s+(?:it|that|this)\s+(?:by\s+|for\s+)?{_EN_AMOUNT}",
    r"(?P<bare>(?:(?:snooze(?:\s+(?:it|that))?|(?:remind|ask|tell|bug) me (?:again )?later|remind me again|(?:maybe\s+)?later"
    r"|not now|not yet|in a (?:bit|while))[\s,.]*)+)",
]
_EN_PROMISED = [
    r"what\s+(?:did|have|do)\s+i\s+(?:promise|promised|owe|tell|told)\s+(?:to\s+)?(?:the\s+)?(?P<x>[\w' -]+?)(?:\s+(?:i'd|i would|to)\s+do)?",
    r"did\s+i\s+(?:tell|promise)\s+(?P<x>[\w'-]+)\s+(?:i'd|i would|to)\s+do\s+(?:something|anything)",
    r"what\s+did\s+i\s+say\s+(?:i'd|i would)\s+do\s+for\s+(?:my\s+)?(?P<x>[\w' -]+)",
    r"what\s+(?:do|did)\s+i\s+(?:have|need)\s+to\s+do\s+for\s+(?P<x>[\w' -]+)",
    r"(?:any|what)\s+promises\s+to\s+(?P<x>[\w' -]+)",
]
_EN_CUE = r"(?:oh|um|uh|ah|no|nope|wait|sorry|actually|not\s+\w+)"
_EN_REDO = r"(?:(?:make|change|move|push)\s+(?:it|that)\s+(?:to\s+)?|it's\s+|i\s+meant?\s+|i\s+said\s+)"
_EN_CORRECT = [
    rf"(?:{_EN_CUE}[\s,]+)+{_EN_REDO}?(?P<x>.+)",
    rf"{_EN_REDO}(?P<x>.+)",
]

# ---------------------------------------------------------------- Korean (spaces ignored: Whisper spaces freely)

_KO_LIST = [
    r"(?:내)?할일(?:이|은|목록)?(?:뭐|뭐뭐|뭔데|뭐있|뭐남|알려|보여|말해|있어|읽어)",
    r"(?:내)?(?:일정|약속|아젠다|어젠다|할일목록|투두)(?:이|은|좀|에|에는)?(?:뭐|알려|보여|말해|읽어|있|남)",
    r"(?:뭐|무엇을?)해야(?:돼|되지|하지|해|하더라)",
    r"(?:내가)?(?:챙길|챙겨야할|해야할|남은|남아있는)(?:거|것|일)(?:이|은|들)?(?:뭐|있|알려|보여)",
    r"(?:내가)?약속한(?:거|것|일)(?:들)?(?:전부|다|모두)?(?:뭐|보여|알려|말해)",
]


def _ko_due(day: str) -> list[str]:
    return [rf"{day}(?:까지|안에|중으로|중에)?(?:인|이)?(?:마감(?:인|이)?)?(?:해야|끝내야|마쳐야)?(?:하는|할|되는)?"
            r"(?:거|것|일|게)?(?:이|은|가)?(?:뭐(?:$|있|야|였|지$|더라|남|해|하|할|뭐|가)|있|알려|남|보여)"]


_KO_DUE_TODAY = [rf"오늘(?=까지|안에|중으로|중에|마감){_ko_due('')[0]}"]
_KO_DUE_TOMORROW = _ko_due("(?:내일|낼)")
_KO_DONE_TAIL = (r"(?:완료\s*(?:로|처리|표시)?\s*(?:표시|처리|체크)?\s*(?:해줘|해|했어|시켜줘|처리해줘|해\s*주세요)?|끝났어|끝냈어|다했어|했어체크"
                 r"|체크해줘|처리\s*완료)")
_KO_CANCEL_TAIL = (r"(?:취소\s*해\s*(?:줘|주세요)|취소|지워\s*(?:줘|주세요)?|빼\s*(?:줘|주세요)|삭제\s*해\s*(?:줘|주세요)|삭제"
                   r"|없애\s*(?:줘|주세요)|잊어버려|잊어)(?:요)?(?:\s*,\s*[^,]+)?")
_KO_SNOOZE = [
    r"(?P<n>\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|십|이십|삼십|오)(?P<unit>분|시간)(?:만)?(?:뒤에|후에|있다가|이따가?)?"
    r"(?:다시|한번더)?(?:알려|말해)(?:줘|주세요|줄래)",
    r"(?P<bare>(?:이따가?|나중에|조금이따가?|좀이따가?)?다시(?:알려|말해)(?:줘|주세요?|줄래)|스누즈)",
]
_KO_PROMISED = [r"(?P<x>[가-힣A-Za-z]+?)(?:이랑|한테|에게|께|랑|하고)(?:뭐|무슨)(?:약속|[가-힣]{0,4}?기로)",
                r"(?P<x>[가-힣A-Za-z]+?)(?:한테|에게|께)약속한(?:거|것|일)(?:이|은)?(?:뭐|있|알려)"]
_KO_CUE = r"(?:(?:아|음|저|죄송해요|죄송합니다|미안|미안해|미안해요)[,\s]+)*"
_KO_CORRECT = [rf"{_KO_CUE}(?:아니야|아니다|아니요|아니|아뇨|아냐)[,\s]+(?P<x>.+)",
               rf"{_KO_CUE}(?P<x>.+?)\s*(?:로|으로)\s*(?:바꿔|해|변경해|옮겨|미뤄|고쳐|정정해|정정할게|정정)"
               r"\s*(?:줘|주세요|줄래|요)?"]


def _compile(patterns: list[str]) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in patterns]


_EN = {kind: _compile(table) for kind, table in (
    ("list", _EN_LIST), ("due_today", _en_due(_DAY_TODAY)), ("due_tomorrow", _en_due(_DAY_TOMORROW)),
    ("snooze", _EN_SNOOZE), ("promised_to", _EN_PROMISED), ("done", _EN_DONE), ("cancel", _EN_CANCEL))}
_KO = {kind: _compile(table) for kind, table in (
    ("due_today", _KO_DUE_TODAY), ("due_tomorrow", _KO_DUE_TOMORROW), ("list", _KO_LIST), ("snooze", _KO_SNOOZE),
    ("promised_to", _KO_PROMISED))}
# "약 먹었어, 체크해줘", "세차는 안 할래, 목록에서 빼줘": a remark about a task, then the order
_KO_THEN_MARK = re.compile(r"(?P<x>.+?)\s*,\s*(?:그러니까\s*|그니까\s*)?(?:(?:목록|리스트|할\s*일|일정)에서\s*)?"
                           r"(?P<cmd>체크|완료\s*(?:로|처리|표시)?\s*(?:표시|처리|체크)?|끝난\s*(?:걸로|것으로)\s*해|지워|빼|삭제|취소)\s*(?:해)?\s*(?:줘|주세요|줄래)?요?")
_EN_THEN_MARK = re.compile(r"(?P<x>.+?)\s*,\s*(?:so\s+|and\s+)?(?:you\s+can\s+|please\s+)?(?:(?P<done>check|tick|cross)\s+(?:it|that)\s+off"
                           r"|(?P<marked>mark\s+(?:it|that|this)(?:\s+one)?\s+(?:as\s+)?(?:done|complete|completed|finished))"
                           r"|(?P<over>(?:that|this)(?:\s+one)?(?:'s|\s+is)\s+(?:finished|done|sorted|taken care of))"
                           r"|clear\s+(?:it|that|this)(?:\s+(?:one|reminder|task))?"
                           r"|(?:take|cross)\s+(?:it|that)\s+off\s+(?:my|the)\s+(?:list|agenda)|(?:remove|delete|drop)\s+(?:it|that))"
                           r"(?:\s+(?:my|the)\s+(?:list|agenda))?")
_EN_NOT_DOING = re.compile(r"^(?:i'm|i\s+am|i'll|i\s+will|we're)?\s*(?:not|never|no\s+longer)\s+(?:doing|going\s+to\s+do|gonna\s+do)\s+"
                          r"|\s+(?:any\s*more|after\s+all)$")
_KO_DONE = re.compile(rf"(?P<x>.+?)(?:은|는|이|가|을|를|도)?{_KO_DONE_TAIL}")
_KO_CANCEL = re.compile(rf"(?P<x>.+?)(?:은|는|이|가|을|를|도)?{_KO_CANCEL_TAIL}")
_EN_CORRECTS = _compile(_EN_CORRECT)
_KO_CORRECTS = _compile(_KO_CORRECT)
_PRONOUN_REFS = frozenset({"it", "that", "this", "them", "those", "all", "everything", "one"})
_EN_ARTICLE = re.compile(r"^(?:the|my|that|this)\s+")
# "the reminder about the cake" names the cake: the words for an agenda entry are not part of its name
_EN_ENTRY = re.compile(r"^(?:the|my|that)\s+(?:reminder|task|thing|item|entry|to-?do)\s+(?:about|for|to|of)\s+"
                       r"|\s+(?:thing|reminder|task|item)$")
_KO_ENTRY = re.compile(r"\s*(?:일정|약속|건|거|것|할\s*일|알림)$")
_EN_COMMAND_VERBS = ("mark ", "set ", "check ", "tick ", "cross ", "cancel ", "delete ", "remove ", "drop ",
                     "scratch ", "scrap ", "take ")
_QUESTION_START = re.compile(r"^(?:how|why|when|where|who|can|could|should|would|will|do|does|did|is|are)\b")


# ---------------------------------------------------------------- cues: what the patterns above miss
# An agenda question is a question or a "show me" at the start, about the user's own agenda, anywhere in
# the sentence; its day (today / tomorrow) narrows it. Other people's promises ("what did Sam promise
# me") are not the user's agenda.

_EN_ASK = re.compile(r"^(?:so\s+|and\s+|now\s+)?(?:what(?:'s|s| is| are| do| have| did| am)?|which|any|anything|is there|are there|is anything|are any"
                     r"|show|tell|read|list|give|run through|go through|go over|read out|walk me through"
                     r"|(?:can|could|would) you (?:go over|run through|read|list|tell me|show me|go through)"
                     r"|(?:do|did|have) i|have i got|remind me what i"
                     r"|(?:today's|tomorrow's|my)\s+(?:deadlines|tasks|agenda|to-?dos|promises)$)\b")
_EN_AGENDA = re.compile(
    r"\b(?:agenda|to[- ]?dos?|todo list|tasks?|(?:my|the) list|promises|(?:i(?:'ve| have)? )?(?:promised|committed to)"
    r"|deadlines?|due|pending|still open|open items|on my plate|supposed to|coming up$|upcoming (?:tasks|deadlines|promises)"
    r"|(?:have|need|got) to (?:do|finish|get done|have done|have finished|get finished|turn in|hand in|submit|send"
    r"|take care of|deal with|handle|work on|get to)"
    r"|\bi (?:should|must|ought to) (?:do|finish|take care of|deal with|handle|work on|get to)"
    r"|left to do|reminders|i said i'd|i said i would|i told (?:you|myself) i'd|lined up|planned|scheduled)\b")
_EN_OTHERS = re.compile(
    r"\b(?:did|does|has|will)\s+(?:my\s+|our\s+|the\s+|his\s+|her\s+|their\s+)?(?!i\b)\w+\s+(?:promise|say|tell|owe)"
    r"|\bpromised? me\b"
    # someone else's list: "my brother's to-do list", "Mina's tasks" (not "today's tasks")
    r"|\b(?!(?:today|tomorrow|tonight|what|that|it|there|who|here|where|everyone|everything)'s)[a-z]+'s\s+"
    r"(?:agenda|to-?do|todo|tasks?|list|schedule|plans?|deadlines?|promises|plate|calendar|reminders)"
    # a question about tools: "the best to-do app", "which reminders app"
    r"|\b(?:apps?|application|software|program|excel|spreadsheet|template|notion)\b")
_EN_TODAY = re.compile(r"\b(?:today|tonight|this evening|end of (?:the )?day|eod)\b")
_EN_TOMORROW = re.compile(r"\btomorrow(?:'s)?\b")
_EN_PERSON = re.compile(r"\b(?:do|did|committed\s+to|promised)\s+for\s+(?:my\s+)?(?P<z>[a-z][\w'-]*)"
                        r"|\b(?:promise[ds]?|owe|told|tell|committed)\s+(?:(?:anything|something)\s+)?(?:to\s+)?(?:my\s+|the\s+)?"
                        r"(?P<x>[a-z][\w'-]*)"
                        r"|\bpromises\s+to\s+(?:my\s+)?(?P<y>[a-z][\w'-]*)")
_EN_NOT_PERSON = frozenset({"today", "tomorrow", "tonight", "this", "next", "monday", "tuesday", "wednesday", "thursday",
                            "friday", "saturday", "sunday", "the", "my",
                            "to", "you", "me", "anything", "something", "i", "that", "it", "myself", "everyone", "yourself",
                            "himself", "herself", "themselves", "ourselves", "them", "him", "her", "someone", "anyone"})
# the amount ends the sentence: "remind me in two hours to check the oven" is a promise, not a snooze
_EN_NAG_END = r"(?:\s+(?:again|later|more|or so|then|from now))*$"
_EN_NAGS = (re.compile(rf"\b(?:remind|ask|bug|nag|ping|poke|tell)\s+me\s+(?:about\s+(?:it|that|this)\s+)?(?:again\s+)?"
                       rf"(?:in|after)\s+(?:like\s+|about\s+|maybe\s+)?{_EN_AMOUNT}"
                       + _EN_NAG_END),
            re.compile(rf"^(?:snooze|later|not now)\b[\s,]*(?:for\s+|like\s+|about\s+|in\s+|me\s+)*{_EN_AMOUNT}"
                       + _EN_NAG_END))
_KO_ASK = re.compile(r"(?:뭐|뭔|무엇|알려(?!주기로|줬|드렸|드리기로)|보여|말해|읽어|불러|읊어|있어|있나|있니|있지|있을까|있냐|있어요|리스트|어떻게|어때|어떤)")
_KO_AGENDA = re.compile(r"(?:할일|할것|할거|아젠다|어젠다|투두|남은약속|남은거|(?:해|끝내|마쳐|처리해|내)야(?:할|될|하는|되는)|일정|약속한|하기로한|마감|기한"
                        r"|남은일|(?:안|못)(?:끝난|끝낸|한|마친)(?:거|것|일)|투두|챙길|챙겨야|뭐해야|밀린|잡혀|잡힌"
                        r"|하기로|하겠다고|한다고했|메모해둔|적어둔|해야되는|해야하는)")
_KO_OTHERS = re.compile(
    r"(?<!내)(?<!제)(?:가|이)(?:뭐|나한테|내게|저한테)"
    # someone else's plan, reported: "아내가 모레 뭐 하겠다고 했더라", "팀장님이 … 한다고 하셨지"
    r"|^(?!내가|제가|나는|저는|난|전|내|제)[가-힣]{1,5}(?:님)?(?:이|가|께서)(?!랑)[가-힣\s]*?(?:뭐|무슨)[가-힣]*?"
    r"(?:한다고|하겠다고|할거라고|간다고|온다고|하기로)(?:했|하셨|하던|하더)"
    # a question about tools: "일정 관리 어플 추천해 줄래", "할 일 목록 만드는 법"
    r"|(?:앱|어플|애플리케이션|프로그램|엑셀|노션|만드는법|쓰는법|사용법|관리법|추천)")
_KO_PERSON = re.compile(r"(?P<x>[가-힣A-Za-z]+?)(?:이랑|하고|한테|에게|께|랑)"
                        r"(?=.*(?:약속|하기로|해주기로|드리기로|해드리기로|주기로|해준다고|해주겠다고|한다고했|하겠다고))")
_KO_KEEP_ME = re.compile(r"(?:잊|까먹|잊어버리)(?:지|지는)(?:않게|말고|마)|라고알려|(?:해야|해야하|해야되)(?:는데|니까).*알려")
_KO_NAG = re.compile(r"(?<![가-힣])(?P<n>\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|[이삼사오]?십[일이삼사오육칠팔구]?|오)\s*(?P<unit>분|시간)"
                     r"(?P<half>반)?(?:만|뒤에|뒤|후에|후|있다가|이따가?|좀|다시|더|정도)*(?:알려|알림|말해|미뤄|미루|스누즈|다시$)")


def _en_cues(t: str) -> Intent | None:
    """Agenda questions, promised_to and snoozes by their cues, for wordings the patterns miss."""
    for nag in _EN_NAGS:
        m = nag.search(t)
        if m is not None:
            return Intent("snooze", "en", minutes=minutes_of(m["n"], m["unit"], EN_NUMBER))
    if not _EN_ASK.match(t) or _EN_OTHERS.search(t):
        return None
    for person in _EN_PERSON.finditer(t):
        name = person["x"] or person["y"] or person["z"]
        if name not in _EN_NOT_PERSON and name not in EN_FUNCTION and name not in EN_BASE_VERBS and \
                not name.endswith("n't"):
            return Intent("promised_to", "en", argument=name)
    if _EN_AGENDA.search(t) is None:
        return None
    if _EN_TODAY.search(t):
        return Intent("due_today", "en")
    return Intent("due_tomorrow" if _EN_TOMORROW.search(t) else "list", "en")


def _ko_cues(t: str, squeezed: str) -> Intent | None:
    if _KO_KEEP_ME.search(squeezed):   # "여권 갱신해야 하는데 잊지 않게 알려줘": a promise to keep
        return None
    m = _KO_NAG.search(squeezed)
    if m is not None:   # "한 시간 반 뒤에": and a half
        half = 30 if m["half"] and m["unit"] == "시간" else 0
        return Intent("snooze", "ko", minutes=minutes_of(m["n"], m["unit"], KO_NUMBER) + half)
    if not _KO_ASK.search(squeezed) or _KO_OTHERS.search(squeezed):
        return None
    person = _KO_PERSON.match(squeezed)
    if person is not None and person["x"] not in ("나", "내", "저", "제"):
        return Intent("promised_to", "ko", argument=ko_name(person["x"]))
    if _KO_AGENDA.search(squeezed) is None:
        return None
    if re.search(r"(?:^|\s)(?:내일|낼)(?!\s*정)", t):  # "내 일정" squeezed is 내일정: not tomorrow
        return Intent("due_tomorrow", "ko")
    if re.search(r"오늘(?:은|에)?(?:제가|내가)?(?:뭐|무슨일)?(?:까지|마감|기한|중|안에|내로|할일|할거|(?:해|끝내|마쳐|처리해|내|챙겨)야"
                 r"|잡혀|잡힌|하기로)", squeezed):
        return Intent("due_today", "ko")
    return Intent("list", "ko")


def _en_intent(t: str) -> Intent | None:
    for kind in ("list", "due_today", "due_tomorrow", "snooze", "promised_to"):
        for pattern in _EN[kind]:
            m = pattern.fullmatch(t)
            if m is None:
                continue
            if kind == "snooze":
                if m.groupdict().get("bare"):
                    return Intent("snooze", "en", minutes=SNOOZE_DEFAULT_MIN)
                return Intent("snooze", "en", minutes=minutes_of(m["n"], m["unit"], EN_NUMBER))
            if kind == "promised_to":
                return Intent("promised_to", "en", argument=re.sub(r"^my\s+", "", m["x"].strip()))
            return Intent(kind, "en")  # type: ignore[arg-type]
    cued = _en_cues(t)
    if cued is not None:
        return cued
    if _QUESTION_START.match(t):  # "how do I cancel a subscription": a question, never a command
        return None
    if (m := _EN_THEN_MARK.fullmatch(t)) is not None and m["x"].strip() not in _PRONOUN_REFS:
        task = _EN_NOT_DOING.sub("", m["x"].strip())   # "i'm not doing the readme update anymore" -> the task
        done = bool(m["done"] or m["marked"] or m["over"])
        return Intent("done" if done else "cancel", "en", argument=task.strip() or m["x"].strip(), command=True)
    for kind in ("done", "cancel"):
        for pattern in _EN[kind]:
            m = pattern.fullmatch(t)
            if m is not None:
                ref = _EN_ARTICLE.sub("", m["x"].strip(" ,"))
                if ref and ref not in _PRONOUN_REFS:
                    command = t.startswith(_EN_COMMAND_VERBS)
                    argument = _EN_ENTRY.sub("", m["x"].strip(" ,"))
                    return Intent(kind, "en", argument=argument, command=command)  # type: ignore[arg-type]
    return None


def _ko_intent(t: str) -> Intent | None:
    squeezed = t.replace(" ", "").rstrip("요")
    if _KO_OTHERS.search(squeezed):  # "준호가 나한테 뭐 해주기로 했지": someone else's promise to the user
        return None
    for kind in ("due_today", "due_tomorrow", "list", "snooze", "promised_to"):
        for pattern in _KO[kind]:
            m = pattern.match(squeezed)
            if m is None:
                continue
            if kind == "snooze":
                if m.groupdict().get("bare"):
                    return Intent("snooze", "ko", minutes=SNOOZE_DEFAULT_MIN)
                return Intent("snooze", "ko", minutes=minutes_of(m["n"], m["unit"], KO_NUMBER))
            if kind == "promised_to":
                return Intent("promised_to", "ko", argument=ko_name(m["x"]))
            return Intent(kind, "ko")  # type: ignore[arg-type]
    cued = _ko_cues(t, squeezed)
    if cued is not None:
        return cued
    if "?" in t:
        return None
    if (m := _KO_THEN_MARK.fullmatch(t)) is not None and (argument := ko_task_words(m["x"])):
        kind = "done" if m["cmd"].startswith(("체크", "완료", "끝난")) else "cancel"
        return Intent(kind, "ko", argument=argument, command=True)  # type: ignore[arg-type]
    for kind, pattern in (("done", _KO_DONE), ("cancel", _KO_CANCEL)):
        m = pattern.fullmatch(re.sub(r"(?<!세)요$", "", t).rstrip())
        if m is not None and m["x"].strip() not in ("그거", "그건", "이거", "그것", "다") and "," not in m["x"]:
            command = t.replace(" ", "").endswith(("줘", "해", "처리", "삭제", "취소"))
            named = KO_NOT_NEEDED.sub("", m["x"].strip()).strip() or m["x"].strip()
            argument = _KO_ENTRY.sub("", named) or named
            return Intent(kind, "ko", argument=argument, command=command)  # type: ignore[arg-type]
    return None


def match_intent(text: str) -> Intent | None:
    """The agenda intent `text` expresses, or None (then it is a turn for the promise rules and the agent).

    `correct` is not matched here: it needs a time in the words and a promise just captured
    (`correction_time`)."""
    t = clean(text)
    if not t:
        return None
    return _ko_intent(t) if language_of(t) == "ko" else _en_intent(t)


def correction_time(text: str) -> str | None:
    """The words after a correction cue ("no, Thursday" -> "thursday"; "아니 목요일" -> "목요일";
    "actually make it 4 pm" -> "4 pm"; "5시로 바꿔줘" -> "5시"), or None when it is not a correction.
    The desk applies it only when those words hold a time and a promise was just captured."""
    t = clean(text)
    patterns = _KO_CORRECTS if language_of(t) == "ko" else _EN_CORRECTS
    for pattern in patterns:
        m = pattern.fullmatch(t)
        if m is not None and m["x"].strip():
            return m["x"].strip(" ,")
    return None
