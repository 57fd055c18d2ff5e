"""The regex patterns of `when`'s rules, one tuple per rule of (triggers, pattern) pairs, built from the
word tables of `when_words`.
"""

from __future__ import annotations

import re

from jarvisd.openloop.when_words import (
    EN_DAY_CARDINAL,
    EN_HOUR_WORD,
    EN_MONTH,
    EN_MONTH_FULL,
    EN_NOT_UNIT,
    EN_NUMBER,
    EN_ORDINAL,
    EN_REL_UNIT,
    EN_UNITS,
    EN_WEEKDAY,
    EN_WEEKDAYS,
    EN_WORD,
    KO_AFTER_HOUR,
    KO_NATIVE,
    KO_REL_DIR,
    KO_REL_UNIT,
    KO_SINO,
    KO_SINO_DAY,
    KO_SINO_DAY_ALONE,
    KO_SINO_MONTH,
    KO_TAIL,
    KO_WORD,
)

# ---------------------------------------------------------------- the rules' patterns
# One tuple per rule of `when.py` of (triggers, pattern) pairs. Patterns run on the text with its ASCII
# letters lower-cased (IGNORECASE would cost several times more), and only if one of their triggers
# (plain substrings) is in it, so a sentence without time words costs a few microseconds.

_AMOUNT = rf"(?:(?:like|about|around|roughly|approximately|maybe|just|another)\s+)?(?P<amt>(?<![\d.])\d+(?:\.\d{{1,2}})?|a\s+couple\s+of|couple\s+of|a\s+few|(?:half|½)(?:\s+an?)?|(?:a\s+|three\s+)?quarters?\s+of\s+an?|an?|{EN_NUMBER})(?P<half_said>\s+and\s+a\s+half)?"
_KO_MINUTES = r"(?:\s?(?P<half>반)(?![납대찬값응드복성려갑])|\s?(?P<m>\d{1,2}|" + KO_SINO + r")\s?분(?!\s?(?:동안|간)))?"

_MONTH3 = ("jan", "feb", "mar", "apr", "MAY", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_WEEKDAYS = tuple(EN_WEEKDAYS)
DIGITS = tuple("0123456789")
# more parts of one amount: "in 1 hour and 30 minutes", "in 10 years and 1 day", "in 1 year, 2 months"
_UNIT_WORD = r"(?:minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)\b"
_PART_LEAD, _PART_AMOUNT = r"\s*(?:,\s*|\s)(?:and\s+)?", rf"(?<![\d.])\d+|an?|{EN_NUMBER}"
MORE_PART = rf"{_PART_LEAD}(?P<amt>{_PART_AMOUNT})\s+(?P<unit>{_UNIT_WORD})"
_MORE = rf"(?P<more>(?:{_PART_LEAD}(?:{_PART_AMOUNT})\s+{_UNIT_WORD}){{0,3}})"

RELATIVE = (
    (("min", "hour", "hr", "day", "week", "fortnight", "month", "year"),
     rf"\b(?:in|within)\s+{_AMOUNT}\s+{EN_REL_UNIT}(?P<half>\s+and\s+a\s+half)?{_MORE}(?:\s+from\s+now\b)?"),
    (("from now", "later", "ago"), rf"\b{_AMOUNT}\s+{EN_REL_UNIT}(?P<half>\s+and\s+a\s+half)?{_MORE}\s+(?P<dir>from\s+now|later|ago)\b"),
    (("뒤", "후", "있다가", "이따가", "지나서", "안", "내", "만에", "전"),
     KO_WORD + r"(?:(?P<w>하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘|보름|며칠)|(?P<amt>(?<![\d.])\d+(?:\.\d)?|"
     + KO_NATIVE + "|" + KO_SINO + r")\s?" + KO_REL_UNIT + r"(?P<half>\s?반)?(?:\s?(?P<m>\d{1,2}|" + KO_SINO
     + r")\s?분)?)\s?" + KO_REL_DIR + KO_TAIL),
)
DAY_WORD = (
    (("today", "tonight", "tomorrow", "tmrw", "yesterday", "last night"),
     EN_WORD + r"(?:(?P<n>a|one|two|three|four|\d)\s+weeks?\s+from\s+(?=today|tomorrow|tmrw))?"   # a week from today
     r"(?P<w>(?:the\s+)?day\s+after\s+tomorrow|today|tonight|tomorrow|tmrw|yesterday|last\s+night)\b"
     r"(?!['’]s\s+[a-z])"),   # "last night's outage", "tomorrow's standup" name a thing, not the due
    (("오늘", "내일", "모레", "글피", "어제", "그제", "어젯밤", "이따", "낼"),
     KO_WORD + r"(?P<w>이따가?(?!\s?(?:봐|보자|만나))|내일\s?모레|오늘\s?밤|내일\s?밤|어젯밤|오늘(?!날)|내일|(?<![에을를]\s)낼(?=\s)|모레|글피|어제|그저께|그제(?!서야))"
     + KO_TAIL),   # 낼: 내일 said short, a word of its own ("낼 아침"); not
     # 내다's "바자회에 낼 김밥", "서류를 낼 때" (after a place or an object)
)
WEEKDAY = (
    (_WEEKDAYS,
     # "a week from Friday", "two weeks from next Monday" (the forty-second session: kept in the promise's words,
     # no due); "Monday the 7th" (the day of the month decides; "the 7th" was left in the words)
     EN_WORD + r"(?:(?P<n>a|one|two|three|four|\d)\s+weeks?\s+from\s+)?"
     rf"(?:(?P<mod>this\s+coming|this|next|coming|last|past)\s+)?(?P<wd>{EN_WEEKDAY})"
     rf"(?:\s+(?P<wk>next|this)\s+week\b)?(?:,?\s+the\s+(?P<dom>\d{{1,2}})(?:st|nd|rd|th)\b)?"),
    (("week",),
     EN_WORD + rf"(?P<wk>next|this)\s+week(?:['’]s)?\s+(?:on\s+)?(?P<wd>{EN_WEEKDAY})"),
    # "inspection is the third Thursday of the month" (the sixty-first session's landlord: read as this Thursday, and "the
    # last friday of the month" as last Friday, a day gone): that weekday of the month, the next one to come
    (("month",),
     EN_WORD + r"(?:the\s+)?(?P<nth>first|1st|second|2nd|third|3rd|fourth|4th|last)\s+"
     rf"(?P<wd>{EN_WEEKDAY})\s+(?:of|in)\s+(?:the\s+|this\s+|(?P<nm>next)\s+|every\s+)?month\b"),
    # "payroll is on the last weekday of the month", "by the last working day of next month" (the sixty-third session's
    # shop owner: no time read, SmolLM2 answered): that day of the month, the next one to come
    (("month",),
     EN_WORD + r"(?:the\s+)?(?P<last>last)\s+(?P<kind>weekday|week\s+day|working\s+day|business\s+day|work\s+day|day)\s+"
     r"(?:of|in)\s+(?:the\s+|this\s+|(?P<nm>next)\s+)?month\b"),
    # "before Friday's debrief (at 4)": the event on that day is the deadline, its name goes with the time
    (_WEEKDAYS,
     EN_WORD + r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)['’]s\s+"
     r"(?P<event>[a-z-]+(?:\s+(?!(?:at|by|on|in|and|or|so|to|for|i|we)\b)[a-z-]+)?)\b"),
    # "집들이 다음 달 둘째 주 토요일에 하기로 했어" (the sixty-fourth session: read as next month's end): that weekday of
    # the month's Nth week, as "the second Saturday of next month"
    (("째", "마지막"),
     KO_WORD + r"(?:(?:(?P<nm>다음\s?달|담달)|이번\s?달|이달)(?:의)?\s?)?"
     r"(?P<nth>첫째|둘째|셋째|넷째|다섯째|첫\s?번째|두\s?번째|세\s?번째|네\s?번째|마지막)\s?주(?:의)?\s?"
     r"(?P<wd>[월화수목금토일])(?:요일|욜)" + KO_TAIL),
    (("요일", "욜"),
     KO_WORD + r"(?:(?P<mod>이번\s?주|이번|금주|다다음\s?주|다음\s?주|다음|담주|지난\s?주|지난|저번\s?주|저번)\s?)?"
     r"(?P<wd>[월화수목금토일])(?:요일|욜)" + KO_TAIL),
)
DATE = (
    (_MONTH3, EN_WORD + rf"(?P<mon>{EN_MONTH})\s?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?::|[ap]\.?m\b))"
     r"(?:,?\s+(?P<y>\d{4})\b)?"),
    (_MONTH3, EN_WORD + rf"(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{EN_MONTH})"
     r"(?:,?\s+(?P<y>\d{4})\b)?"),
    (_MONTH3, EN_WORD + rf"(?P<mon>{EN_MONTH})\s+(?:the\s+)?(?P<d>{EN_ORDINAL}|{EN_DAY_CARDINAL})\b(?!\s+(?:{EN_NUMBER})\b)"
     rf"(?:,?\s+(?P<y>\d{{4}})\b)?"),                                    # "December fifteenth", "December fifteen"
    (_MONTH3, EN_WORD + rf"(?:the\s+)?(?P<d>{EN_ORDINAL})\s+of\s+(?P<mon>{EN_MONTH})(?:,?\s+(?P<y>\d{{4}})\b)?"),
    (("-",), EN_WORD + r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})\b"),
    (("월",), KO_WORD + r"(?:(?P<y>\d{4})\s?년\s?|(?P<ny>내년|올해)\s?)?(?P<mo>\d{1,2}|" + KO_SINO_MONTH
     + r")\s?월\s?(?P<d>\d{1,2}|" + KO_SINO_DAY + r")\s?일(?![간째치])" + KO_TAIL),
)
SLASH_DATE = ((("/",), EN_WORD + r"(?<![\d/.-])(?P<mo>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{4}))?(?![\d/])"),)
DAY_OF_MONTH = (
    (("the",), r"\b(?P<pre>by|on|for|before|prior\s+to|until|till|til|due)\s+the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
     r"(?:\s+of\s+the\s+month\b)?"),
    # "the chem exam got pushed to the 16th", "move it to the 3rd" (the fifty-sixth session: to SmolLM2, "pushed to the 16th
    # position"): a day moved to, only where the phrase or clause ends ("go to the 3rd floor" is a place)
    (("the",), r"\b(?P<pre>to)\s+the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b(?:\s+of\s+the\s+month\b)?"
     r"(?=\s*(?:$|[.,!?;]|at\b|in\s+the\b|and\b|instead\b|then\b|please\b))"),
    # "call grandma on her birthday, which is the 20th" (the fifty-seventh session: no time read, to SmolLM2): a day told
    # of what was just named, where the clause ends
    (("the",), r"\b(?:which|that)(?:'s|\s+is|\s+falls\s+on)\s+(?:on\s+)?(?P<pre>)the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
     r"(?:\s+of\s+the\s+month\b)?(?=\s*(?:$|[.,!?;]))"),
    # "my grandson Leo's recital is the 9th at 6" (the fifty-ninth session: read as today at 6): a day told after "is", where
    # the phrase ends or its hour follows ("the 9th floor", "is the 3rd time" are no days)
    (("the",), r"(?:(?<=\bis\s)|(?<=\bare\s)|(?<='s\s)|(?<=\bwas\s))(?P<pre>)the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
     r"(?=\s*(?:$|[.,!?;]|at\b|from\b|between\b|in\s+the\b|and\b))"),
    # "by the eighteenth", not "on the second floor": an ordinal word ends the phrase or the clause
    (("the",), rf"\b(?P<pre>by|on|for|before|prior\s+to|until|till|til|due)\s+the\s+(?P<d>{EN_ORDINAL})\b"
     r"(?:\s+of\s+the\s+month\b)?(?=\s*(?:$|[.,!?;]|at\b|in\s+the\b|and\b|or\b|so\b|because\b|since\b|then\b|i\b|we\b|okay\b|ok\b"
     r"|of\s+(?:every|each)\s+month\b))"),   # "on the first of every month" (the forty-seventh session: no due)
    (("일",), KO_WORD + r"(?<!박\s)(?<!박)(?P<d>\d{1,2}|" + KO_SINO_DAY_ALONE + r")\s?일(?=\s?(?:까지|에|전|이전|쯤|경|께|안에|은|는|도|(?:되기|넘기|지나기)\s?전)|\s*$"
     r"|\s*[.,!?]|\s*(?:오전|오후|아침|저녁|밤|새벽|낮|점심|정오|자정|\d{1,2}\s?시))" + KO_TAIL),
    # right after "다음 달" / "이번 달" a day of the month needs no particle: "다음 달 5일 엄마 생일" (the fifty-sixth
    # session: only "다음 달" was read; "5일 휴가" alone stays five days)
    (("일",), KO_WORD + r"(?:(?<=달\s)|(?<=달))(?P<d>\d{1,2}|" + KO_SINO_DAY_ALONE + r")\s?일(?![간째치])(?=\s)" + KO_TAIL),
)
MONTH = (
    (_MONTH3,
     rf"\b(?P<pre>in|by|before|until|till|during|(?:by\s+)?(?:the\s+)?end\s+of)\s+(?P<mon>{EN_MONTH_FULL})(?!\s*\d)"),
    (("월",), KO_WORD + r"(?P<mo>\d{1,2})\s?월(?!\s?\d)\s?(?P<end>말)?" + KO_TAIL),
)
YEAR = (
    (DIGITS, r"\b(?:(?P<pre>in|by|before|until|during)\s+(?:the\s+year\s+)?|year\s+)(?P<y>\d{4})\b(?![-/:.]\d)"),
    (("년",), KO_WORD + r"(?P<y>\d{4})\s?년(?!\s?\d{1,2}\s?월)(?!\s?(?:뒤|후|전|동안|간|째))" + KO_TAIL),
)
# Holidays on a fixed date, only as a time after a preposition or with a Korean time particle:
# "before Christmas", "크리스마스 전까지"; "Christmas shopping" and "크리스마스 선물" are a topic.
HOLIDAYS = {"christmas eve": (12, 24), "christmas": (12, 25), "christmas day": (12, 25), "new year's eve": (12, 31),
            "new years eve": (12, 31), "new year's": (1, 1), "new years": (1, 1), "new year's day": (1, 1),
            "new years day": (1, 1), "new year": (1, 1), "halloween": (10, 31), "valentine's day": (2, 14),
            "valentines day": (2, 14), "valentine's": (2, 14), "크리스마스이브": (12, 24), "크리스마스": (12, 25),
            "성탄절": (12, 25), "새해첫날": (1, 1), "새해": (1, 1), "신정": (1, 1), "할로윈": (10, 31), "발렌타인데이": (2, 14)}
HOLIDAY = (
    (("christmas", "new year", "halloween", "valentine"),
     # "the day before christmas" (everyday74 left "buy a gift the day"): the eve, the words "the day" the time's own
     r"\b(?:the\s+day\s+(?=before\b))?(?P<pre>by|on|for|before|prior\s+to|until|till|no\s+later\s+than)\s+(?:the\s+)?(?P<hol>christmas(?:\s+(?:eve|day))?"
     r"|new\s+year['’]?s?(?:\s+(?:eve|day))?|halloween|valentine['’]?s(?:\s+day)?)\b"
     # "for the christmas party on the 19th": a holiday naming a thing is no time
     r"(?!\s+(?:party|parties|dinner|lunch|gifts?|presents?|cards?|tree|market|bonus|sale|concert|service|mass|"
     r"program|programme|shopping|decorations?|lights|play|recital|potluck|exchange|event))"),
    (("크리스마스", "성탄절", "새해", "신정", "할로윈", "발렌타인"),
     KO_WORD + r"(?P<hol>크리스마스\s?이브|크리스마스|성탄절|새해\s?첫날|새해|신정|할로윈|발렌타인\s?데이)"
     r"(?=\s?(?:까지|전|이전|에|날))(?:\s?날)?" + KO_TAIL),
)
PERIOD = (
    (("week", "month", "year", "end of", "close of", "eod", "cob", "eow", "eom"),
     EN_WORD + r"(?:(?:end|close)\s+of\s+(?:the\s+|this\s+|(?P<nx>next)\s+)?(?P<u>day|today|business\s+day|(?:work|working|business)\s+week|week|month|year|play|business)"
     r"|(?P<w>this|next|last)\s+(?P<u2>week(?:end)?|month|year)(?!['’]s\s+(?!on\b)[a-z])|(?P<u3>weekend|eod|cob|eow|eom))(?![a-z])"),
    (("주", "달", "월말", "말일", "연말", "올해", "금년", "내년"),
     KO_WORD + r"(?P<ko>이번\s?주말|다음\s?주말|담주\s?주말|주말|다다음\s?주|이번\s?주|금주|다음\s?주|담주|지난\s?주"
     # "다음 달 초에" (the fifty-seventh session: "초에 장학금 신청하기", due the month's last day): its first ten days
     # "매달 말일에 급여 주기" (the sixty-third session: kept with no day): the month's last day
     r"|저번\s?주|이번\s?달|이달|월말|말일|다음\s?달|담달|연말|올해|금년|내년)(?:\s?말|(?<=달)\s?(?P<early>초))?" + KO_TAIL
     # a word of its own: "연말정산" (year-end tax settlement) is no time; but the copula may follow 까지: "보험 갱신
     # 이번 달 말까지야" (the sixty-sixth session: "이번 달" alone read, nothing kept)
     + r"(?:(?<=까지)(?=(?:이?야|예요|이에요|입니다|이래요|이래|래요|래)(?![가-힣]))|(?![가-힣]))"),
)
CLOCK = (
    (("am", "pm", "a.m", "p.m"), EN_WORD + r"(?<![\d:])(?P<h>\d{1,2})(?:[:.](?P<m>\d{2})(?::[0-6]\d)?|\s(?P<m2>[0-5]\d))?\s?(?P<mer>[ap])(?:m|\.\s?m)\b"
     r"(?:\.(?=[ \t]+[a-z0-9]))?"),
    (("am", "pm", "a.m", "p.m"), EN_WORD + r"(?P<h>" + EN_HOUR_WORD + r")(?:[\s-](?P<mw>thirty|fifteen|forty[-\s]five))?"
     r"\s?(?P<mer>[ap])(?:m|\.\s?m)\b(?:\.(?=[ \t]+[a-z0-9]))?"),          # "seven p.m.", "nine thirty am"
    # "15:00h": the h is the clock's; "9:00:00", "23:59:60": the seconds said are dropped (pass 30: not read at all)
    ((":",), EN_WORD + r"(?<![\d:./])(?P<h>\d{1,2}):(?P<m>\d{2})(?::[0-6]\d)?(?![\d:])(?:h\b)?"),
    # "at 15h", "15h30" (European): an hour with h, not a span ("in 2h", "for 2h")
    (("h",), EN_WORD + r"(?<!\bin\s)(?<!\bfor\s)(?<![\d:./])(?P<h>\d{1,2})h(?P<m>\d{2})?\b"),
    (("clock",), EN_WORD + rf"(?P<h>\d{{1,2}}|{EN_HOUR_WORD})\s+o['’]?clock\b"),
    (("시",), r"(?<!\d)(?P<h>\d+)\s?시" + KO_AFTER_HOUR + _KO_MINUTES + r"(?:\s?정각)?" + KO_TAIL),
    # "다음 검진은 다음 주 화요일 오전 열 시야" (the sixty-fourth session: the hour lost, kept for the day): the copula too
    (("시",), r"(?<![가-힣])(?P<h>" + KO_NATIVE + r")\s?시(?=$|[\s\d.,!?~]|반|에|까지|쯤|경|정각|전|부터|이후|께|엔|로"
     r"|야(?![가-힣])|예요|였|입니다"
     # "위생 점검 다음주 화요일 오후 두시래", "면접 오전 열시래" (the sixty-fifth session: to SmolLM2): told as heard
     r"|래(?:요)?(?![가-힣])"
     # "아침 일곱 시랑 저녁 여섯 시에 산책 알려줘" (the sixty-fourth session: kept "일곱 시랑 산책" at 6 PM): joined to the next
     r"|랑(?![가-힣])|이랑(?![가-힣])|하고(?![가-힣]))"
     + _KO_MINUTES + r"(?:\s?정각)?" + KO_TAIL),
)
BARE_HOUR = (
    (DIGITS,
     # "at 6 30" (speech recognition's "6:30": the fifty-sixth session's "set an alarm for 6 30 tomorrow", "standup is
     # every weekday at 9 30" went to SmolLM2): the minutes after a space, never a unit's amount ("at 6 30 minutes")
     # "at 4.15" (Whisper's writing of "four fifteen": daemon run 77 kept the kids' dentist "by Wednesday", no time)
     r"\b(?P<pre>at|by|before|until|till|after|(?:at\s+)?around|(?:at\s+)?about|(?<=,\s)say)\s+(?P<h>\d{1,2})"
     r"(?:[\s.](?P<m>[0-5]\d))?\b(?!\.\d)" + EN_NOT_UNIT),
    (tuple(EN_UNITS)[:12],
     r"\b(?P<pre>at|by|before|until|till|(?:at\s+)?around|say|like)\s+(?P<h>" + EN_HOUR_WORD + r")"
     r"(?:[\s-](?P<mw>thirty|fifteen|forty[-\s]five))?"
     r"(?=\s*(?:$|[.,!?;]|tonight|tomorrow|today|this|in\s+the|on\b|and\b|then\b|sharp\b|when\b|i\b|we\b|to\b"
     r"|for\b|with\b|so\b|because\b|okay\b|ok\b|please\b))"),   # "at nine when it opens", "at nine thirty I will"
    # "the plumber is coming Thursday between 9 and 11" (the fifty-first session: no time read): the window's start
    (("between",), r"\bbetween\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?:and|to|-)\s*\d{1,2}(?::\d{2})?(?![\d:])"
     r"(?!\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|people|percent|of|times|pounds|dollars|kg|km)\b)"),
    # "block 2 to 4 for deep work on thursday", "from 2 to 4" (the fifty-sixth session's office day: to SmolLM2, "I'm ready to
    # assist"): the window's start
    (("from", "block"), r"\b(?:from|block(?:\s+(?:off|out))?(?:\s+(?:from|time\s+from))?)\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*"
     r"(?:to|till|until|-)\s*\d{1,2}(?::\d{2})?(?![\d:])"
     r"(?!\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|people|percent|of|times|pounds|dollars|kg|km|%)\b)"),
    # "make it 9 in the morning", "10 at night": an hour with no preposition, its half of the day said right after
    (("morning", "afternoon", "evening", "night"),
     r"\b(?P<h>\d{1,2}|" + EN_HOUR_WORD + r")(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night)\b)"),
)
# "at four, no, five", "…, no wait, make it 9": the hour said again after a correction cue, alone (the cue itself is left out of
# the match, so `when` sees it between the two times and keeps the second)
CORRECTED_HOUR = (
    (("no", "wait", "mean", "sorry", "actually", "make"),
     r"(?:(?<=\bno,\s)|(?<=\bno\s)|(?<=\bnope,\s)|(?<=\bwait,\s)|(?<=\bwait\s)|(?<=\bsorry,\s)|(?<=\bi\smean\s)|(?<=\bi\smean,\s)"
     r"|(?<=\bactually,\s)|(?<=\bactually\s)|(?<=\bmake\sit\s)|(?<=\bmake\sthat\s))(?P<h>\d{1,2}|" + EN_HOUR_WORD + r")(?:[\s-](?P<mw>thirty|fifteen|forty[-\s]five))?"
     r"(?=\s*(?:$|[.,!?;]|tonight|tomorrow|today|this|in\s+the|on\b|and\b|then\b|sharp\b|o['’]?clock\b))"),
)
NAMED_CLOCK = (
    # "finish the slides before lunch" (the sixty-first session's low: by the end of the day, reminded in the morning): a
    # deadline at noon, as "before noon" is; "after lunch" stays the afternoon
    (("noon", "midday", "midnight", "lunchtime", "lunch"),
     EN_WORD + r"(?:12\s?)?(?P<w>noon|midday|midnight|lunchtime|(?<=\bbefore\s)lunch)\b"),
    (("정오", "자정", "점심"), KO_WORD + r"(?P<w>정오|자정|점심\s?때(?!\s?쯤)|점심\s?시간)" + KO_TAIL),   # 점심때: noon (점심때쯤: the day)
    (("half", "quarter"), EN_WORD + rf"(?P<q>half|quarter)\s+(?P<dir>past|after|to|till)\s+(?P<h>\d{{1,2}}|{EN_HOUR_WORD})\b"),
    # "half seven" (British and Australian: half past seven), never "half an hour"
    (("half",), EN_WORD + rf"(?P<q>half)\s+(?P<h>\d{{1,2}}|{EN_HOUR_WORD})\b(?!\s*(?:%|hours?|minutes?|mins?|days?|of\b))"),
)
PART = (
    # "first thing tomorrow" (the fifty-ninth session: "by tomorrow", no hour): the morning
    # "take the blue pill with breakfast and the white one at bedtime" (the fifty-ninth session's low: to SmolLM2): a meal
    # or bedtime, the part of the day it falls in
    (("morning", "afternoon", "arvo", "evening", "night", "after", "before", "first", "with", "breakfast", "bedtime"),
     r"\b(?P<this>this\s+)?(?:(?:in|during)\s+the\s+|at\s+)?(?P<p>morning|afternoon|arvo|evening|night"
     r"|with\s+(?:breakfast|dinner)|(?<=at\s)(?:breakfast|bedtime)|before\s+bed(?:time)?"
     r"|after\s+(?:work|school|lunch|dinner)|before\s+(?:work|dinner|supper)|first\s+thing(?=\s+(?:tomorrow|in\s+the\s+morning|"
     r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|monday\s+morning)\b))\b"),
    (("오전", "오후", "아침", "저녁", "밤", "새벽", "낮", "점심", "퇴근"),
     # "저녁 먹기 전에 상처 소독하기" (the sixty-first session: kept with no due, the time in its name): that meal's part
     KO_WORD + r"(?P<p>(?:아침|점심|저녁)\s?(?:밥\s?)?먹기\s?전에?|오전|오후|아침|저녁|밤|새벽|낮|점심\s?먹고|점심|퇴근(?:\s?하고|\s?하면|\s?후에?|하자마자|길에?))"
     # "저녁 7시에 저녁 약속 있어" (the fifty-eighth helper: kept as "약속", and "12시에 점심 약속" merged into it): the
     # meal before 약속 or 모임 names the plan, not its time
     r"(?=$|[\s\d.,!?~]|에|엔|까지|쯤|부터|도)(?!(?<=저녁|점심|아침)\s?(?:약속|모임|회식))" + KO_TAIL),
)

# Around a scan's mentions: a noun after a day word (내일 [도시락] 싸 놔야), a time taken back in the same
# breath, a Korean due's particle.
NOUN_THEN_MORE = re.compile(r"\s?[가-힣]+\s+\S+\s+\S")   # 내일 [도시락] 싸 놔야: a noun, then the predicate
# the words that take back a time said a moment before ("아이고", "말고", "아니고": "3시 아이고 4시", "3시 말고 4시",
# "8시 아니고 9시", "8시가 아니라 9시")
_CORRECTION_WORDS = r"wait|sorry|no|nope|nah|i\s+mean|actually|make\s+(?:that|it)|(?:가|이)\s*아니(?:라|고)|아니고|아니라|아니다|아니지|아니|아이고|말고|아"
CORRECTION = re.compile(rf"(?:^|[\s,.])(?:{_CORRECTION_WORDS})(?=$|[\s,.])", re.IGNORECASE)
# Nothing but a correction cue between two times ("11, wait, no, make that 2 pm", "월요일, 아니 화요일"):
# the first was taken back, and the cue goes out of the promise's words with it.
CORRECTION_GAP = re.compile(rf"(?:[\s,.]|{_CORRECTION_WORDS})*", re.IGNORECASE)
KO_MARK = re.compile(r"(?:까지는|까지|안에|안으로|중으로|중에|내로|전에|전까지|이전에)$")
# "할머니 제사 음력 1월 15일" (the fifty-ninth session: to SmolLM2; without 음력 the day is read as the solar calendar's):
# a lunar date, which the agenda cannot turn into a solar one offline, so it is never read as the solar day
KO_LUNAR_DATE = re.compile(r"음력\s?(?:\d{1,2}\s?월|정월|섣달|동짓달|[일이삼사오육륙칠팔구십]{1,2}\s?월|\d{1,2}[./]\d{1,2})")
