"""English agenda intents: the pattern tables and their cues ("what's on my agenda", "mark the report
done", "remind me again in 10 minutes", "what did I promise Mina"). Pure; see `intents.py`."""

from __future__ import annotations

import re

from jarvisd.openloop.commitment_words import EN_BASE_VERBS
from jarvisd.openloop.intent_words import (
    EN_NUMBER,
    SNOOZE_DEFAULT_MIN,
    Intent,
    compile_all,
    minutes_of,
)
from jarvisd.openloop.shifts import en_said_in_minutes
from jarvisd.openloop.text import EN_FUNCTION

_MY_LIST = (r"(?:(?:my|the)\s+)?(?:whole\s+|entire\s+|full\s+)?(?:open\s+)?(?:agenda|to[- ]?do(?:\s+list)?|to[- ]?dos|todo\s+list|task\s+list|tasks|list|promises"
            r"|reminders|plate|docket|schedule|calendar|calender|slate|radar)")
# "anything I'm forgetting", "what else am I forgetting about": the agenda, asked by what might slip
# "did I forget anything", "anything I've forgotten": the same, asked after the fact
_EN_FORGET = (r"(?:(?:is\s+there\s+)?(?:anything|what)(?:\s+else)?\s+(?:(?:that\s+)?i(?:'m|\s+am|\s+might\s+be|\s+could\s+be)"
              r"|(?:am|might|could)\s+i(?:\s+be)?)\s+forgetting(?:\s+(?:about|to\s+do))?"
              r"|(?:did|have)\s+i\s+(?:forgotten|forgot|forget)\s+(?:anything|something)(?:\s+else)?(?:\s+(?:to\s+do|about))?"
              r"|(?:is\s+there\s+)?(?:anything|what)(?:\s+else)?\s+(?:(?:that\s+)?i(?:'ve|\s+have)?\s+(?:forgotten|forgot)"
              r"|(?:did|have)\s+i\s+(?:forgotten|forgot|forget))(?:\s+(?:about|to\s+do))?)")
_EN_FINISHED_THING = re.compile(r"(?:i(?:'ve|\s+have)?\s+)?(?:just\s+)?finished\s+(?:the|my|our)\s")
_EN_THROUGH = r"(?:run|walk|take|talk|go)\s+(?:me\s+)?(?:through|over)"
_EN_LIST = [
    rf"what(?:'s| is| are)?\s+(?:left\s+|still\s+)?(?:on|in)\s+{_MY_LIST}",
    rf"(?:read|show|tell|give)\s+(?:me\s+)?(?:all\s+)?{_MY_LIST}",
    r"(?:list|show)\s+(?:me\s+)?(?:all\s+)?(?:my\s+)?(?:open\s+)?(?:tasks|promises|to-?dos|reminders|agenda)",
    r"(?:show|tell|give|list)\s+(?:me\s+)?(?:everything|all|what)\s+(?:that\s+)?i(?:'ve| have)?\s+(?:promised|said i'd do)",
    r"what\s+(?:do|did)\s+i\s+(?:still\s+)?(?:have|need|got)\s+to\s+do",
    r"what\s+(?:must|have)\s+i\s+(?:still\s+)?(?:got\s+to\s+)?do",
    r"what\s+am\s+i\s+supposed\s+to\s+(?:be\s+)?do(?:ing)?",
    # "what did i ask you to remind me about", "what did I tell you to remind me" (the sixty-first session: SmolLM2's
    # paragraph, and "I have nothing you promised You to remind me."): the reminders asked for are the agenda
    r"what\s+(?:did|have|had)\s+i\s+(?:ask|asked|tell|told|want|wanted|get|got)\s+you\s+to\s+(?:remind\s+me|keep\s+track)(?:\s+(?:of|about))?"
    r"(?:\s+(?:again|so\s+far))?",
    r"what\s+(?:are\s+you|were\s+you)\s+(?:supposed|meant|going)\s+to\s+remind\s+me(?:\s+(?:of|about))?",
    r"what\s+am\s+i\s+doing(?:\s+(?:later|next))?",
    r"(?:(?:all\s+)?my|the)\s+reminders",   # "my reminders" (the sixty-second session: to SmolLM2)
    # "what remains, the whole list", "what's left"
    r"what(?:\s+remains|\s+is\s+remaining|\s+is\s+left|'s\s+left)(?:\s*(?:,\s*)?(?:the\s+)?(?:whole\s+)?(?:list|agenda|lot))?",
    # "what's left for the wedding", "whats left to do before the move" (the sixtieth session's wedding: SmolLM2, "The wedding
    # is still going strong"; the fifty-ninth's move: "Sorry, I don't have an answer"): the agenda keeps no projects, so
    # the open list, when no promise is named by it (`agenda_asked.before_asked` answers "before the trip" by its day)
    r"what(?:'s|s|\s+is)\s+(?:still\s+)?left(?:\s+to\s+do)?\s+(?:for|before)\s+(?:the|my|our)\s+"
    r"(?!(?:day|week|weekend|month|morning|afternoon|evening|night)\b)[\w' -]{1,40}",
    # "is my list empty?", "anything left?", "am I all done for today?" (the forty-ninth session: to the model; and
    # "what's left" never matched the line above, which wanted a space before its 's)
    rf"(?:is|are)\s+{_MY_LIST}\s+(?:empty|clear|done|finished)(?:\s+(?:now|yet))?",
    rf"(?:is\s+there\s+)?(?:anything|something)\s+(?:else\s+)?(?:left|remaining|still\s+open)(?:\s+(?:to\s+do|on\s+{_MY_LIST}))?",
    r"am\s+i\s+(?:all\s+)?(?:done|finished|caught\s+up)(?:\s+(?:now|yet))?",
    r"what(?:'s| is)\s+(?:left\s+)?on\s+my\s+plate",
    r"what\s+(?:are|were)\s+my\s+(?:open\s+)?(?:tasks|promises|to-?dos|reminders|plans)",
    rf"(?:any|anything|is there anything)\s+(?:open\s+tasks|(?:on|in)\s+{_MY_LIST})",
    r"what\s+have\s+i\s+(?:got|promised)(?:\s+(?:to\s+do|going\s+on|on))?",
    # "what've I got on the go", "what do I have on the go": Canadian and British for open things
    r"what(?:'ve|\s+have|\s+do)\s+i\s+(?:got|have)\s+(?:on\s+the\s+go|going|on(?:\s+the\s+go)?)",
    # "give me the rundown", "what's the rundown": the agenda summed up
    r"(?:give\s+me|what(?:'s| is))\s+(?:the|my)\s+(?:rundown|lowdown|run-down)(?:\s+(?:on\s+)?(?:my\s+)?(?:list|agenda|day))?",
    r"what(?:'s| is| are)\s+(?:coming\s+up|ahead|upcoming)(?:\s+(?:this|for\s+the)\s+week)?",
    _EN_FORGET,
    # "run me through everything", "walk me through it all": the whole agenda, gone through
    rf"{_EN_THROUGH}\s+(?:everything|it\s+all|all\s+of\s+it|the\s+(?:whole\s+)?lot|the\s+list|my\s+day)(?:\s+(?:again|once\s+more))?",
    r"(?:my\s+)?agenda",
    # "how many things are on my agenda", "what's next", "what do I have next" (the forty-third session: to the model)
    rf"how\s+many\s+(?:things|tasks|items|promises|reminders|to-?dos)\s+(?:are\s+(?:there\s+)?|do\s+i\s+have\s+|have\s+i\s+got\s+)?"
    rf"(?:(?:on|in)\s+{_MY_LIST}|(?:left|open|to\s+do))",
    r"how\s+many\s+(?:things|tasks|items|promises|reminders|to-?dos)\s+(?:do\s+i\s+have|have\s+i\s+got|are\s+there)"
    r"(?:\s+(?:to\s+do|left|open|set|now|right\s+now))?",   # "how many reminders do I have?" (session 46: the model)
    rf"what(?:'s|\s+is)\s+next(?:\s+(?:on\s+{_MY_LIST}|for\s+me))?",
    r"what\s+(?:do\s+i\s+have|have\s+i\s+got)\s+(?:to\s+do\s+)?next",
]
_DAY_TODAY = r"(?:today|tonight|this (?:morning|afternoon|arvo|evening)|(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|today))"
_DAY_TOMORROW = r"(?:(?:tomorrow|tmrw|tmr)(?:\s+(?:morning|afternoon|arvo|evening|night))?)"
# ... and "what's left for the week" (the sixtieth and sixty-first sessions: to SmolLM2, "The week is about to come to a
# close")
_DAY_WEEK = r"(?:this\s+week|the\s+week|(?:the\s+)?rest\s+of\s+the\s+week|(?:the\s+)?end\s+of\s+(?:the|this)\s+week)"
# a list asked for this week: its dues through Sunday ("what's due this week" read all of it, pass 35's low)
EN_THIS_WEEK = re.compile(rf"\b{_DAY_WEEK}\b")
_DAY_NEXT_WEEK = r"(?:next\s+week)"
# "what's coming up this month?" (the fiftieth session: read as the month's last day, "Nothing is due on Thursday, December
# 31."): the dues through the month's end
_DAY_MONTH = r"(?:this\s+month|(?:the\s+)?rest\s+of\s+(?:the|this)\s+month|(?:the\s+)?end\s+of\s+(?:the|this)\s+month)"
EN_THIS_MONTH = re.compile(rf"\b{_DAY_MONTH}\b")
# "what's coming up next month?" (the fifty-first session: read as next month's last day, "On Sunday, January 31, 2027
# you have one thing due")
_DAY_NEXT_MONTH = r"(?:next\s+month)"
EN_NEXT_MONTH = re.compile(rf"\b{_DAY_NEXT_MONTH}\b")
# "what must I do", "what have I got to finish": the user's own obligation, asked with any modal
_EN_MODAL_DO = (r"what\s+(?:(?:do|did)\s+i\s+(?:have|need|got)\s+to|have\s+i\s+got\s+to|(?:should|must|shall)\s+i|am\s+i\s+(?:supposed|meant)\s+to)"
                r"\s+(?:still\s+)?(?:do|finish|get\s+done|sort(?:\s+out)?|handle|take\s+care\s+of|remember)")
_EN_DUE_LEAD = (r"(?:what(?:'s| is| are)|what things are|is (?:there )?anything(?: else)?|anything(?: else)?|"
                r"what else (?:is there|do i have|have i got)|" + _EN_MODAL_DO +
                r"|what do i have|what have i got|what's left|what is left"
                r"|what deadlines do i have|any deadlines|what(?:'s| is) the deadline|" + _EN_FORGET + ")")


def _en_due(day: str) -> list[str]:
    return [
            # "what's my day tomorrow look like?", "what does tomorrow look like?", "what does my day look like tomorrow"
            # (the fifty-first session: SmolLM2 told its own day, "I'll be working on a project that involves …")
            rf"what(?:'s|\s+does|\s+is|\s+do)\s+(?:my\s+)?(?:day\s+)?{day}(?:\s+look|\s+looking|\s+looks)\s+like",
            rf"what(?:'s|\s+does|\s+is)\s+my\s+day\s+(?:look|looking|looks)\s+like\s+{day}",
            rf"how(?:'s|\s+does|\s+is)\s+(?:my\s+)?{day}\s+look(?:ing)?",rf"(?:my\s+)?{day}'s\s+(?:to[- ]?do(?:\s+list)?|to[- ]?dos|list|agenda|tasks|plan)",   # "tomorrow's to do list"
            rf"(?:is\s+there\s+)?anything\s+(?:for|on)\s+{day}\s+(?:that\s+)?i\s+(?:need|have|ought|got)\s+to\s+"
            r"(?:remember|do|sort(?:\s+out)?|handle|finish|know)(?:\s+about)?",   # "anything for tomorrow I need to remember"
            rf"(?:what(?:'s| is)|anything)\s+(?:on|happening|going on|coming up)\s+(?:for\s+)?{day}",
            rf"(?:what(?:'s| is)|anything)\s+(?:on|in)\s+{day}'s\s+(?:list|agenda|plate|to-?do list|to-?dos|tasks)",
            rf"{_EN_THROUGH}\s+(?:everything\s+|what(?:'s| is)\s+on\s+|it\s+all\s+)?(?:for\s+)?{day}",
            # "what did I say I'd do tomorrow", "what did I promise to get done today"
            rf"what\s+did\s+i\s+(?:say\s+i'd|say\s+i\s+would|promise(?:\s+to)?|plan\s+to)\s+(?:do|get\s+done|finish)"
            rf"\s+(?:by\s+|for\s+)?{day}",
            # "reminders for today", "my reminders tomorrow", "what am I doing today", "whats up for tomorrow" (the
            # sixty-second session: to SmolLM2, which made a day up)
            rf"(?:(?:my|any|the)\s+)?reminders\s+(?:for\s+)?{day}",
            rf"what\s+am\s+i\s+(?:doing|up\s+to)\s+(?:for\s+)?{day}",
            rf"what(?:'s|s|\s+is)\s+up\s+(?:for\s+)?{day}",
            # "tomorrow's list", "today's agenda": the day's list named alone
            rf"{day}'s\s+(?:list|agenda|plate|to-?do list|to-?dos|tasks|schedule|calendar|calender|docket)",
            # "tomorrow my schedule", "my schedule for tomorrow": the list and the day, named alone
            rf"{day},?\s+my\s+(?:schedule|calendar|calender|agenda|list|to-?do list|to-?dos|tasks|plans?)",
            rf"my\s+(?:schedule|calendar|calender|agenda|list|to-?do list|to-?dos|tasks|plans?)\s+(?:for\s+)?{day}",
            # "what's my schedule for tomorrow", "what are my plans today" (the forty-fourth session: to the model)
            rf"(?:what(?:'s|\s+is|\s+are)|how(?:'s|\s+is)|how\s+does)\s+my\s+(?:schedule|calendar|calender|agenda|list|"
            rf"to-?do list|to-?dos|tasks|plans?)\s+(?:look(?:ing)?\s+(?:like\s+)?)?(?:for\s+)?{day}(?:\s+look(?:\s+like)?)?",
            # "what's the plan for tonight?", "what's my first thing tomorrow?" (the forty-seventh session: SmolLM2 said
            # "I'm sorry for your loss …" and called the second "a common joke"): the day's list, soonest first
            rf"(?:what(?:'s|\s+is|\s+are)\s+)?(?:the|my|our)\s+(?:plans?|game\s+plan)\s+(?:for\s+)?{day}",
            rf"am\s+i\s+(?:all\s+)?(?:done|finished)\s+for\s+{day}",   # the forty-ninth session: to the model
            rf"(?:and|so|ok(?:ay)?)?\s*(?:,\s*)?what\s+about\s+{day}",   # "what about tomorrow?" (the fiftieth session: to the model)
            rf"what(?:'s|\s+is)\s+(?:my\s+|the\s+)?first(?:\s+thing)?\s+(?:on\s+(?:my|the)\s+(?:agenda|list)\s+)?(?:for\s+)?{day}",
            # "tomorrow what am I doing", "today, what's on": the day said first, then the question
            rf"{day},?\s+(?:what(?:'s| is)\s+on|what\s+am\s+i\s+doing|what\s+do\s+i\s+have(?:\s+to\s+(?:do|finish))?"
            rf"|what(?:'ve|\s+have)\s+i\s+got|what\s+(?:must|should)\s+i\s+(?:do|finish))",
            # "for tomorrow is there anything on the agenda"
            rf"(?:for\s+)?{day},?\s+(?:is\s+there\s+)?anything\s+(?:on|in)\s+(?:the\s+|my\s+)?(?:agenda|list|plate|schedule|calendar|calender)",
            # "what's on the docket today", "anything on the radar for tomorrow"
            rf"(?:what(?:'s| is)|anything|is there anything)\s+(?:on|in)\s+(?:the\s+|my\s+)?(?:agenda|list|plate|docket|"
            rf"schedule|calendar|calender|radar|slate|to-?do list)\s+(?:for\s+)?{day}",
            # "how many things do I have today", "how many tasks are due tomorrow", "how busy am I this week" (session
            # 45: to the model offline, "You have 24 hours in a day"); the day's list says its count
            rf"how\s+many\s+(?:things|tasks|items|promises|reminders|to-?dos|deadlines|jobs)\s+(?:do\s+i\s+have|have\s+i\s+got"
            rf"|(?:are|is)\s+(?:there\s+)?|(?:have|do)\s+i\s+(?:got\s+)?(?:left|on|going)|am\s+i\s+doing)?\s*"
            rf"(?:(?:due|left|open|still\s+open|to\s+do|on(?:\s+(?:my|the)\s+(?:list|agenda|plate|schedule))?|coming\s+up)\s+)?"
            rf"(?:(?:for|by|on)\s+)?{day}",
            # "what shifts do I have this week", "what meetings do I have next week" (the fifty-seventh session: the week's
            # last day alone; the agenda keeps no kinds, so the span's whole list)
            rf"(?:what|which|any)\s+(?:meetings|appointments|classes|calls|events|plans|shifts)(?:\s+(?:do\s+i\s+have|have\s+i\s+got"
            rf"|are\s+there|are\s+due|am\s+i\s+working))?\s+(?:(?:for|in|on)\s+)?{day}",
            rf"how\s+(?:much\s+(?:stuff\s+|work\s+)?(?:do\s+i\s+have|have\s+i\s+got)(?:\s+(?:to\s+do|on))?|busy\s+am\s+i)"
            rf"\s+(?:(?:for|on)\s+)?{day}",
            rf"{_EN_DUE_LEAD}(?:\s+(?:due|left|still open|to do|going on|coming up|happening|on my (?:agenda|list|plate)|on|i (?:need|have) to do))?"
            rf"(?:\s+(?:for|by|until|before))?\s+{day}"]


# "mark the piano fees as paid": the state a task ends in, said by its own verb (not "mark it as read": mail)
_EN_DONE_STATE = (r"(?:done|complete|completed|finished|paid|paid off|sent|submitted|handled|sorted|sorted out|taken care of|dealt with"
                  r"|booked|delivered|returned|fixed|filed|posted|renewed|signed|ordered|bought|picked up|dropped off|collected)")
_EN_DONE = [
    rf"mark\s+(?P<x>.+?)\s+(?:as\s+)?{_EN_DONE_STATE}",
    r"set\s+(?P<x>.+?)\s+(?:as\s+)?(?:done|complete|completed|finished)",
    rf"(?:check|tick|cross)\s+off\s+(?P<x>.+?)(?:\s+(?:on|from)\s+my\s+(?:agenda|list))?(?:\s+as\s+{_EN_DONE_STATE})?",
    r"(?:check|tick|cross)\s+(?P<x>.+?)\s+off(?:\s+(?:my\s+)?(?:agenda|list))?",
    # "swim's done" after "the kids have swim lessons at 4" (the sixty-fifth session: "Do you mean swim lessons for the
    # kids?", the one word read as the verb "swim"): the contraction is the same "is"
    r"(?P<x>.+?)(?:\s+(?:is|are)|'s)\s+(?:all\s+)?(?:done|finished|complete|completed|taken care of)",
    r"(?:i(?:'ve| have|'m| am)?\s+)?(?:finished|completed|done with)\s+(?P<x>.+)",
    rf"put\s+(?P<x>.+?)\s+down\s+as\s+{_EN_DONE_STATE}",   # British: "put the surgery one down as done"
]
# What may follow the thing withdrawn: a comma and more, or a clause of the user's own ("scratch the
# recruiter thing I'm not replying")
# ("cancel the bls thing i already did it last month turns out": the sixty-fifth session's nurse, "I couldn't find the bls
# thing you already did it …": a deed of the user's, told as the reason)
_EN_REST = (r"(?:(?:,|\s+(?=i(?:'m|\s+am|'ll|\s+will|\s+won't|\s+don't|\s+do\s+not|'ve|\s+have|\s+already|\s+just|\s+did|"
            r"\s+found|\s+got|\s+renewed|\s+finished|\s+went)\b)"
            r"|\s+(?=(?:not|no\s+longer)\s+(?:doing|going|happening)\b)"   # "scratch the gym one not doing it"
            # someone else's reason: "cancel the call to my son he's coming round instead" (the sixty-third session's
            # older user: "Do you mean ring your son?"), "… nobody can make it"
            r"|\s+(?=(?:he|she|they|we|nobody|no\s+one|everyone|everybody)(?:'s|'re|'ll|\s+(?:is|are|was|were|can|can't|cant|"
            r"won't|wont|will|has|have|isn't|aren't|doesn't|don't|couldn't|cancelled|canceled))\b)"
            # a named one's reason: "cancel the inspection the shop did it already" (the sixty-seventh session's truck
            # driver: "Do you mean get the truck inspected?"), "… the client changed their mind"
            r"|\s+(?=(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+)?\s+(?:did|already|just|changed|dropped|cancell?ed|called|"
            r"moved|took|fixed|handled|said|says|told|decided|is|was|has|had|won't|can't|isn't|wasn't|doesn't|didn't)\b)).*)?")
_EN_CANCEL = [
    r"(?:cancel|delete|remove|drop|scratch|scrap)\s+(?P<x>(?!(?:that|it|this)\s+(?:make|change|move|push|put|let's|how\s+about|"
    r"i\s+mean)\b)[^,]+?)(?:\s+(?:from|off|on)\s+(?:my|the)\s+(?:agenda|list|to-?do list))?"
    # ("cancel the swim lesson this week only" with no lesson kept: "I couldn't find the swim lesson", not "… this week only")
    r"(?:\s+(?:(?:this\s+week|today|tomorrow|this\s+time)\s+only|just\s+this\s+(?:once|week|time)))?"
    + _EN_REST,
    r"take\s+(?P<x>[^,]+?)\s+off(?:\s+(?:my|the)\s+(?:agenda|list|to-?do list))?" + _EN_REST,
    r"get\s+rid\s+of\s+(?P<x>[^,]+?)(?:\s+(?:from|off|on)\s+(?:my|the)\s+(?:agenda|list|to-?do list))?" + _EN_REST,
    r"(?:forget|never\s*mind|nvm)\s+(?:about\s+)?(?P<x>.+?)(?:\s+(?:drop|scratch|cancel|delete)\s+(?:it|that))?" + _EN_REST,
    r"(?:i\s+)?(?:don't|do not|no longer)\s+(?:need|have)\s+to\s+(?P<x>.+?)\s+any\s*more",
    # "um actually dont worry about the deposit" (the sixty-first session's landlord: to SmolLM2, "no worries, it's a normal
    # part of the job"); "don't worry about it" alone stays small talk's "OK."
    r"(?:actually\s+|oh\s+|and\s+)*(?:don't|dont|do\s+not)\s+(?:worry|bother)\s+(?:about|with)\s+(?!(?:it|that|this|me)\b)"
    r"(?P<x>.+?)(?:\s+(?:any\s*more|after\s+all))?" + _EN_REST,
]
# the minutes said after the hours ("an hour and forty minutes"), by their own table: EN_NUMBER has no "forty" or
# "fifty", and a word it lacks counted as 1 (61 minutes)
_EN_MINUTE_WORDS = {"five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "forty five": 45,
                    "fifty": 50}
_EN_AMOUNT = r"(?:like\s+|about\s+|another\s+(?!half))?(?P<n>\d+|" + \
    "|".join(sorted(map(re.escape, EN_NUMBER), key=len, reverse=True)) + r")(?P<nhalf>\s+and\s+a\s+half)?\s*(?:more\s+)?" \
    r"(?P<unit>minutes?|mins?|hours?|hrs?)(?P<andhalf>\s+and\s+a\s+half)?" \
    r"(?:(?:(?<=hours)|(?<=hour)|(?<=hrs)|(?<=hr))" \
    r",?\s+(?:and\s+)?(?P<mn>\d+|forty[\s-]+five|" + "|".join(sorted(_EN_MINUTE_WORDS, key=len, reverse=True)) + \
    r")\s+(?:minutes?|mins?))?"   # "in an hour and 30 minutes", "1 hour 15 minutes" (pass 32: to the model)
_EN_MORE_AMOUNT = _EN_AMOUNT.replace("(?P<unit>", r"(?:more\s+)?(?P<unit>")  # "15 more minutes"
# "remind me in like a day": days only after a verb of reminding (a bare "two days" may answer "when?")
_EN_AMOUNT_D = _EN_AMOUNT.replace("(?P<unit>minutes?|mins?|hours?|hrs?)", "(?P<unit>minutes?|mins?|hours?|hrs?|days?)")
# "remind me in 15", "snooze 20": a count with no unit after a verb of reminding is minutes (not "a", "half", "a few")
_EN_BARE_COUNT = (r"(?:like\s+|about\s+|another\s+)?(?P<n>\d{1,3}|" + "|".join(sorted(
    (re.escape(w) for w in EN_NUMBER if not w.startswith(("a", "half")) and "quarter" not in w), key=len, reverse=True)) + ")")


def _en_minutes(m: re.Match[str]) -> int:
    """The minutes of an `_EN_AMOUNT` match: "an hour and a half" and "one and a half hours" are 90; a count said
    with no unit ("remind me in 15") is minutes."""
    parts = m.groupdict()
    unit = parts.get("unit") or "minutes"
    half = 30 if (parts.get("nhalf") or parts.get("andhalf")) and unit.startswith("h") else 0
    mn = parts.get("mn")
    more = (int(mn) if mn.isdigit() else _EN_MINUTE_WORDS[re.sub(r"[\s-]+", " ", mn)]) if mn else 0
    return minutes_of(m["n"], unit, EN_NUMBER) + half + more


_EN_SNOOZE = [
    rf"(?:remind|tell|ask)\s+me\s+(?:again|later|once more)\s+in\s+{_EN_AMOUNT}",
    rf"(?:remind|tell)\s+me\s+in\s+{_EN_AMOUNT}(?:\s+again)?",
    rf"(?:snooze|again)(?:\s+(?:it|that|for))*\s+(?:in\s+)?{_EN_AMOUNT}",
    rf"(?:not now[\s,]+)?(?:in\s+)?{_EN_AMOUNT}(?:\s+(?:later|more))?",
    rf"give\s+(?:me|us)\s+(?:another\s+)?{_EN_MORE_AMOUNT}(?:\s*(?:,\s*)?(?:(?:then|and)\s+)?(?:tell|remind|ask)\s+me(?:\s+again)?)?",
    rf"(?:push|put|move|kick)\s+(?:it|that|this)\s+back\s+(?:by\s+)?{_EN_AMOUNT}",
    rf"(?:bump|push|kick)\s+(?:it|that|this)(?:\s+(?:back|out))?\s+(?:by\s+)?{_EN_AMOUNT}",   # "bump that an hour"
    rf"(?:bump|push|kick|delay|postpone)\s+(?:this|that|the)\s+reminder(?:\s+(?:back|out))?\s+(?:by\s+|for\s+)?{_EN_AMOUNT}",
    rf"(?:delay|postpone)\s+(?:it|that|this)\s+(?:by\s+|for\s+)?{_EN_AMOUNT}",
    rf"hold\s+off(?:\s+on)?\s+(?:it|that|this|the)(?:\s+reminder)?\s+(?:for\s+)?{_EN_AMOUNT}",   # "hold off on that reminder for two hours"
    r"(?P<bare>(?:(?:snooze(?:\s+(?:it|that))?(?:\s+for\s+a\s+(?:bit|while))?|(?:remind|ask|tell|bug) me (?:again )?later|remind me again|(?:maybe\s+|just\s+)?later"
    r"|not now|not yet|in a (?:bit|while)|(?:remind|ask|tell|bug) me (?:again )?in a (?:bit|while|minute|sec))"
    r"(?:[\s,.]+(?:okay|ok|please|mate|buddy|love|dude|bro|man))?[\s,.]*)+)"
    # a reason after it: "later, I'm frying stuff", "not now, my hands are full"
    r"(?:,\s*(?:i'm|i am|i've|my|we're|busy|driving|cooking)\b.*)?",
]
_EN_PROMISED = [
    # "my wife, what did I promise her", "the pastor, did I promise him anything": the person said first
    r"(?:my\s+|the\s+)?(?P<x>[\w'-]+),?\s+(?:what\s+did\s+i\s+promise|did\s+i\s+promise)\s+(?:her|him|them)(?:\s+anything)?",
    # "what did I say I'd send Olivia": a giving verb and its receiver (before "what did I promise X")
    r"what\s+did\s+i\s+(?:say|promise)\s+(?:i'd|i would|to)\s+(?:send|give|bring|email|text|show|lend|mail)\s+(?:to\s+)?"
    r"(?:my\s+|the\s+)?(?P<x>[\w'-]+)",
    # (not "what did I tell you about Leo?": the facts kept of Leo, `memory.fact_asked`)
    # (not "what do i owe on the 15th": a day's dues, the sixty-fourth session's freelancer heard "I have nothing you promised
    # On the 15th.")
    r"what\s+(?:did|have|do)\s+i\s+(?:promise|promised|owe|tell|told)\s+(?!you\s+about\b|(?:on|by|this|next|today|tomorrow|"
    r"tonight|in|before|until|till)\b)(?:to\s+)?(?:the\s+)?(?P<x>[\w' -]+?)"
    r"(?:\s+(?:i'd|i would|to)\s+do)?",
    r"did\s+i\s+(?:tell|promise)\s+(?P<x>[\w'-]+)\s+(?:i'd|i would|to)\s+do\s+(?:something|anything)",
    r"what\s+did\s+i\s+say\s+(?:i'd|i would)\s+do\s+for\s+(?:my\s+)?(?P<x>[\w' -]+)",
    r"(?:did|have)\s+i\s+(?:say|said|promise|promised)\s+(?:i'd|i would|to)\s+do\s+(?:anything|something)\s+for\s+(?:my\s+)?(?P<x>[\w' -]+)",
    r"what\s+(?:do|did)\s+i\s+(?:have|need)\s+to\s+do\s+for\s+(?P<x>[\w' -]+)",
    r"(?:any|what)\s+promises\s+to\s+(?P<x>[\w' -]+)",
    # "what does dad have this week?", "what do I have for mom?" (the fifty-seventh session's caregiver: SmolLM2, "dad has this
    # week is a popular product on the internet"): the promises that name them
    r"what\s+(?:does|has)\s+(?:my\s+)?(?P<x>(?!(?:it|that|this|he|she|they|one|everyone|everybody|anyone|the\s+weather)\b)[\w'-]+)"
    r"\s+(?:have|got)(?:\s+(?:on|going\s+on|coming\s+up|scheduled|planned))?"
    r"(?:\s+(?:this\s+week|next\s+week|today|tomorrow|this\s+month))?",
    # "what do the kids have this week?" (the fifty-eighth helper: to SmolLM2, "The kids have a lot of fun this week!")
    r"what\s+do\s+(?:my|the|our)\s+(?P<x>(?!(?:plans|notes|reminders|alarms|timers|lists?)\b)[\w'-]+)\s+(?:have|got)"
    r"(?:\s+(?:on|going\s+on|coming\s+up|scheduled|planned))?(?:\s+(?:this\s+week|next\s+week|today|tomorrow|this\s+month"
    r"|this\s+weekend|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day))?",
    r"what\s+(?:do|did)\s+i\s+have\s+(?:on\s+)?for\s+(?:my\s+)?(?P<x>(?!(?:it|that|this|today|tomorrow|tonight|lunch|dinner|breakfast"
    r"|now|later|you|me)\b)[\w'-]+)(?:\s+(?:this\s+week|next\s+week|today|tomorrow))?",
]
# "no" cues a correction ("no, Thursday"), not when it starts "no need to …", "no more …" (a withdrawal:
# "No need to clean the roof drain, Mr. Kim already did it this morning" moved the drain to this morning)
# "uh scratch that make it the 28th" (the sixty-first session: "I couldn't find that make it the 28th")
_EN_CUE = r"(?:oh|um|uh|ah|hang\s+on|hold\s+on|scratch\s+that|strike\s+that|no(?!\s+(?:need|more|longer|problem|way|worries|rush|hurry|thanks|big\s+deal)\b)|nope|wait|sorry" \
          r"|actually|not\s+[^,;]+?(?=\s*[,;])|not\s+(?:(?:next|this|coming|the)\s+)?\w+(?:[:.]\d\d)?)"   # "not next Monday, this Friday", "not 9:30 but 10"
# "not" takes back all it says up to a comma: "not tomorrow at 4pm, 5pm" is 5pm (pass 26: one word was taken back,
# "at 4pm" became the new time and nothing moved; "not 4pm tomorrow, 5pm on Thursday" moved to tomorrow)
# "can we do 9 instead" (not "what about tomorrow?": a question); "that should be Monday", "it should've been Tuesday"
# (the fiftieth session: to the model)
_EN_REDO = (r"(?:(?:make|change|move|push|put|bump|shift|reschedule|set|snooze)\s+(?:it|that)\s+(?:(?:to|for|till|until)\s+)?|it's\s+"
            # "actually no keep it on thursday" after a move (the sixty-first session: to SmolLM2): the day it keeps
            r"|(?:keep|leave)\s+(?:it|that)\s+(?:on|at|for|till|until)\s+"
            r"|i\s+meant?\s+|i\s+said\s+|(?:he|she|they)\s+(?:said|says)\s+|(?:can|could)\s+we\s+(?:do|make\s+it|say)\s+|let'?s\s+(?:say|do|make\s+it)\s+|how\s+about\s+"
            r"|(?:that|it)\s+(?:should|needs\s+to|has\s+to)\s+be\s+|(?:that|it)\s+should(?:'ve|\s+have)\s+been\s+)")
# "postpone the email till Tuesday"; "snooze the plumber reminder until Tuesday" (the fifty-ninth session: to SmolLM2, "I'm
# not sure what to do"): a snooze to a day or a time is a move (by an amount it stays the snooze, `_EN_SNOOZE`)
_EN_MOVE = r"(?:make|move|change|push|put|reschedule|shift|bump|postpone|delay|snooze|keep|leave)"
# "move the dentist to Thursday same time" (the fifty-seventh session: to the model): the clock time kept is the move's
# own rule already, the words say nothing more
_EN_SAME_TIME = r"(?:\s*,?\s+(?:at\s+)?(?:the\s+)?same\s+time(?:\s+as\s+(?:before|usual))?)?"
_EN_CORRECT = [
    rf"(?:{_EN_CUE}[\s,]+)+{_EN_REDO}?(?P<x>.+?){_EN_SAME_TIME}",
    rf"{_EN_REDO}(?P<x>.+?){_EN_SAME_TIME}",
    # "move the vet to Saturday", "make the passport renewal December 23 instead": the desk applies it only
    # when the words hold a time and name an open promise
    rf"(?:{_EN_CUE}[\s,]+)*(?:please\s+|can\s+you\s+|could\s+you\s+)?{_EN_MOVE}\s+(?P<x>(?!it\b|that\b).+?){_EN_SAME_TIME}"
    r"(?:\s+please)?",
]


EN = {kind: compile_all(table) for kind, table in (
    ("list", _EN_LIST), ("due_today", [*_en_due(_DAY_TODAY),
                                       r"what(?:'s|\s+does|\s+is)\s+my\s+day\s+(?:look|looking|looks)\s+like"]), ("due_tomorrow", _en_due(_DAY_TOMORROW)),
    ("due_week", _en_due(_DAY_WEEK)), ("due_next_week", _en_due(_DAY_NEXT_WEEK)), ("due_month", _en_due(_DAY_MONTH)),
    ("due_next_month", _en_due(_DAY_NEXT_MONTH)),
    ("snooze", _EN_SNOOZE), ("promised_to", _EN_PROMISED), ("done", _EN_DONE), ("cancel", _EN_CANCEL))}
_EN_THEN_MARK = re.compile(r"(?P<x>.+?)\s*,\s*(?:so\s+|and\s+)?(?:you\s+can\s+|please\s+)?(?:(?P<done>check|tick|cross)\s+(?:it|that|those|them|these)\s+off"
                           rf"|(?P<marked>mark\s+(?:it|that|this)(?:\s+one)?\s+(?:as\s+)?{_EN_DONE_STATE})"
                           r"|(?P<over>(?:that|this|it)(?:\s+one)?(?:'s|\s+is)\s+(?:all\s+)?(?:finished|done|sorted|taken care of|handled))"
                           r"|clear\s+(?:it|that|this)(?:\s+(?:one|reminder|task))?"
                           r"|(?:take|cross)\s+(?:it|that)\s+off\s+(?:my|the)\s+(?:list|agenda)"
                           r"|(?:remove|delete|drop|scratch|scrap)\s+(?:it|that)(?:\s+one)?)"
                           r"(?:\s+(?:my|the)\s+(?:list|agenda))?")
# "the deploy's out mark the deploy done": a report of its state (a subject and a copula or "went / got"), then the
# order with no comma between them; not "the plan is to mark the essays done" (the order is the remark's object)
_EN_STATE_THEN = re.compile(r"(?P<x>.+?(?:'s|'re|\s+(?:is|are|was|were|went|got|has\s+been|have\s+been))(?:\s+[\w'-]+){1,2}?)\s+"
                            r"(?P<cmd>(?:mark|check|tick|cross|cancel|delete|remove|drop|scratch|scrap|take|clear)\s.+)")
_EN_NOT_ORDER = re.compile(r"(?:\b(?:to|i|i'll|i'd|we|we'll|you|you'll|will|would|should|must|can|could|gotta|gonna|need|needs|going|want|wants"
                           r"|forgot|remember|and)|ing)$")
_EN_NOT_DOING = re.compile(r"^(?:i'm|i\s+am|i'll|i\s+will|we're)?\s*(?:not|never|no\s+longer)\s+(?:doing|going\s+to\s+do|gonna\s+do)\s+"
                          r"|\s+(?:any\s*more|after\s+all)$")
EN_CORRECTS = compile_all(_EN_CORRECT)
_PRONOUN_REFS = frozenset({"it", "that", "this", "them", "those", "all", "everything", "one"})
_EN_ARTICLE = re.compile(r"^(?:the|my|that|this)\s+")
# "the reminder about the cake" names the cake: the words for an agenda entry are not part of its name
_EN_ENTRY = re.compile(r"^(?:the|my|that)\s+(?:reminder|task|thing|item|entry|to-?do)\s+(?:about|for|to|of)\s+"
                       r"|\s+(?:thing|reminder|task|item|one)$")
_EN_COMMAND_VERBS = ("mark ", "set ", "check ", "tick ", "cross ", "cancel ", "delete ", "remove ", "drop ",
                     "scratch ", "scrap ", "take ", "put ", "get rid ")
_QUESTION_START = re.compile(r"^(?:how|why|when|where|who|can|could|should|would|will|do|does|did|is|are)\b")
# "Forget about the passport." with nothing of that name kept (voice66: to SmolLM2): a thing named alone after "forget" is
# an order, answered "I couldn't find …"; not "forget about the past", "forget about the whole thing" (talk)
_EN_FORGET_THING = re.compile(r"(?:forget|never\s*mind)\s+(?:about\s+)?(?:the|my|our)\s+(?!(?:past|whole|rest|idea|matter|"
                              r"world|weather|drama|fight|argument|mess|thing|stuff|day|night|other)\b)[a-z][\w'-]*"
                              r"(?:\s+[a-z][\w'-]*){0,2}")


# ---------------------------------------------------------------- cues: what the patterns above miss
# An agenda question is a question or a "show me" at the start, about the user's own agenda, anywhere in
# the sentence; its day (today / tomorrow) narrows it. Other people's promises ("what did Sam promise
# me") are not the user's agenda.

_EN_ASK = re.compile(r"^(?:so\s+|and\s+|now\s+)?(?:(?:today|tomorrow)[\s,]+)?(?:what(?:'s|s| is| are| do| have| did| am)?|which|any|anything|is there|are there|is anything|are any"
                     r"|show|tell(?=\s+(?:me|us)\b)|read|list|give|run through|go through|go over|read out|walk me through"
                     r"|(?:can|could|would) you (?:go over|run through|read|list|tell me|show me|go through|remind me)"
                     r"|(?:do|did|have) i|have i got|remind me what i"
                     r"|(?:today's|tomorrow's|my)\s+(?:deadlines|tasks|agenda|to-?dos|promises)$)\b")
_EN_AGENDA = re.compile(
    # Indian English: "what all I have tomorrow", "what needs to be done by EOD"; "everything I've signed up for"
    r"\b(?:what\s+all\s+(?:do\s+)?i\s+(?:have|got)|needs?\s+to\s+be\s+(?:done|finished|handled)"
    r"|(?:everything|all)\s+i(?:'ve|\s+have)?\s+(?:signed\s+up\s+for|committed\s+to)"
    r"|agenda|to[- ]?dos?|todo list|tasks?|(?:my|the) list|promises|(?:i(?:'ve| have)? )?(?:promised|committed to)"
    r"|deadlines?|due|pending|still open|open items|on my plate|supposed to|coming up$|upcoming (?:tasks|deadlines|promises)"
    # British: "everything I've still got outstanding", "what's on the cards for tomorrow"
    r"|outstanding|on the cards|(?:i|i've|i have) said i'd|what i've got to sort|(?:i've|i have) got going on"
    # "what am I on the hook for": the user's own obligations (not "what is Sam on the hook for")
    r"|(?:am i|i'm|i am)(?: still)? on the hook"
    r"|(?:(?:have|need|got) to|gotta) (?:do|finish|get done|have done|have finished|get finished|turn in|hand in|submit|send"
    r"|take care of|deal with|handle|work on|get to)"
    r"|\bi (?:should|must|ought to) (?:do|finish|take care of|deal with|handle|work on|get to)|\bmust i (?:still )?(?:do|finish)\b"
    # "what have I not finished yet", "what haven't I done", "what's not done yet"
    r"|left to do|(?:(?:haven't|didn't)(?: i)?|(?:have|did)(?: i)?(?: still)? not) (?:yet )?(?:done|finished|completed|gotten to|got to|do|finish|complete)"
    r"|(?:'s|\bis|\bare|\bisn't|\baren't)(?: still)?(?: not)? (?:yet )?(?:done|finished|completed) yet$|reminders|i said i'd|i said i would|i told (?:you|myself) i'd|lined up|planned|scheduled)\b")
_EN_OTHERS = re.compile(
    # a subject of up to three words: "did Coach Rivera promise the team", "did the team captain say"
    r"\b(?:did|does|has|will)\s+(?:my\s+|our\s+|the\s+|his\s+|her\s+|their\s+)?(?!i\b)[\w-]+(?:\s+(?!i\b)[\w-]+){0,2}?\s+"
    r"(?:promise|say|tell|owe)"
    r"|\bpromised? me\b"
    # someone else's list: "my brother's to-do list", "Mina's tasks" (not "today's tasks")
    r"|\b(?!(?:today|tomorrow|tonight|what|that|it|there|who|here|where|everyone|everything)'s)[a-z]+'s\s+"
    r"(?:agenda|to-?do|todo|tasks?|list|schedule|plans?|deadlines?|promises|plate|calendar|reminders)"
    # a question about tools: "the best to-do app", "which reminders app"
    r"|\b(?:apps?|application|software|program|excel|spreadsheet|template|notion)\b")
_EN_TODAY = re.compile(r"\b(?:today|tonight|this evening|end of (?:the )?day|eod)\b")
_EN_TOMORROW = re.compile(r"\btomorrow(?:'s)?\b")
# (in a lookahead, so that the matches may overlap: "promise to do for my mum" has "promise to do" and "do for my mum")
_EN_PERSON = re.compile(r"(?=\b(?:do|did|committed\s+to|promised)\s+for\s+(?:my\s+|the\s+)?(?P<z>[a-z][\w'-]*)"
                        r"|\b(?:promise[ds]?|owe|told|tell|committed)\s+(?:(?:anything|something)\s+)?(?:to\s+)?(?:my\s+|the\s+)?"
                        r"(?P<x>[a-z][\w'-]*)"
                        r"|\bpromises\s+to\s+(?:my\s+)?(?P<y>[a-z][\w'-]*))")
_EN_NOT_PERSON = frozenset({"today", "tomorrow", "tonight", "this", "next", "monday", "tuesday", "wednesday", "thursday",
                            "friday", "saturday", "sunday", "the", "my",
                            "to", "you", "me", "anything", "something", "i", "that", "it", "myself", "everyone", "yourself",
                            "himself", "herself", "themselves", "ourselves", "them", "him", "her", "someone", "anyone",
                            "list", "agenda", "plate", "schedule", "calendar", "docket",
                            # "what do I do for work" is the user's work asked (`memory.fact_asked`), no one promised
                            "work"})
# the amount ends the sentence: "remind me in two hours to check the oven" is a promise, not a snooze
_EN_NAG_END = r"(?:\s+(?:again|later|more|or so|then|from now))*$"
# "hit me with that again in an hour": the verbs of a nudge, "about" or "with" the reminder just heard
_EN_NAG_VERB = r"\b(?:remind|ask|bug|nag|ping|poke|tell|hit|buzz|nudge)\s+me(?:\s+up)?\s+(?:(?:about|with)\s+(?:it|that|this)\s+)?(?:again\s+)?"
# "remind me tomorrow, uh, in like a day": a rough time, then the amount that makes it exact; the amount counts
_EN_ROUGH_THEN = (r"(?:(?:later|tomorrow|tonight|in\s+a\s+(?:bit|while)|sometime)(?:\s*,\s*|\s+)"
                  r"(?:(?:no|nope|actually|i mean|or|or rather|rather|make it|say|maybe|well)[\s,]+)*)?")
_EN_NAGS = (re.compile(rf"{_EN_NAG_VERB}{_EN_ROUGH_THEN}(?:in|after)\s+(?:like\s+|about\s+|maybe\s+)?{_EN_AMOUNT_D}"
                       + _EN_NAG_END),
            re.compile(rf"{_EN_NAG_VERB}(?:in|after)\s+{_EN_BARE_COUNT}" + _EN_NAG_END),
            re.compile(rf"^(?:snooze|later|not now)\b[\s,]*(?:for\s+|like\s+|about\s+|in\s+|me\s+)*{_EN_AMOUNT_D}"
                       + _EN_NAG_END),
            re.compile(rf"^(?:snooze(?:\s+(?:it|that|this|me))?[\s,]+(?:for\s+|in\s+)?|(?:later|not now|not yet)[\s,]+(?:in|for)\s+)"
                       rf"{_EN_BARE_COUNT}" + _EN_NAG_END),
            # "snooze it half an hour, my hands are full": "snooze" first is a command whatever follows
            re.compile(rf"^snooze(?:\s+(?:it|that|this|me))?[\s,]+(?:for\s+|like\s+|about\s+|in\s+|another\s+)*{_EN_AMOUNT}\b"))


def _en_cues(t: str, in_minutes: str) -> Intent | None:
    """Agenda questions, promised_to and snoozes by their cues, for wordings the patterns miss (`in_minutes`: `t`
    with its amount said in plain minutes, for the snoozes)."""
    for nag in _EN_NAGS:
        m = nag.search(in_minutes)
        if m is not None:
            return Intent("snooze", "en", minutes=_en_minutes(m))
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


_DAY_FIRST = re.compile(r"^(?P<day>today|tonight|tomorrow)\s*,\s*(?P<rest>(?:what|anything|is there|any)\b.+)$")


# "what've I got", "what'd I promise Sam": a question word's contraction said out
_EN_WH_CONTRACTION = re.compile(r"\b(what|who|where|which|how)'(?:ve\b|d(?=\s+(?:i|you)\b))")


_EN_COUNT = r"(?:\d+|" + "|".join(sorted(map(re.escape, EN_NUMBER), key=len, reverse=True)) + ")"
# "in ten, no, fifteen minutes", "an hour, sorry, half an hour": an amount said again; the second one counts
_EN_UNIT = r"(?:minutes?|mins?|hours?|hrs?)"
_EN_RESAID = re.compile(rf"\b(?P<first>{re.sub(r'[(][?]P<[a-z]+>', '(?:', _EN_AMOUNT)}|{_EN_COUNT})\s*(?:,\s*)?"
                        r"(?:(?:no|nope|wait|sorry|actually|i mean|make it|or rather|rather)(?:\s*,\s*|\s+))+"
                        rf"(?P<second>{_EN_COUNT}\b(?P<unit>(?:\s+and\s+a\s+half)?\s+(?:more\s+)?{_EN_UNIT})?)")


def _en_resaid(m: re.Match[str]) -> str:
    """The second amount, with the first one's unit when it was said only once ("twenty minutes, sorry, thirty")."""
    if m["unit"]:
        return m["second"]
    unit = re.search(rf"\b{_EN_UNIT}\b", m["first"])
    return f"{m['second']} {unit[0]}" if unit else m["second"]


# "remind me tomorrow, uh, in a day", "mark the, um, gas bill done": a filler inside the sentence is no word of it
# (a comma around it stays, as a clause's end, unless the word before cannot end one: "the, um, gas bill")
_EN_INNER_FILLER = re.compile(r"(?<=[\w,'])(?P<before>\s*,)?\s+(?:uh+|um+|erm|er|uhm)(?P<after>\s*,)?(?=\s)")
_EN_NO_CLAUSE_END = re.compile(r"\b(?:the|a|an|my|your|this|that|to|for|of|with|in|on|at|and|or)$")


def _en_filler_off(t: str) -> str:
    return _EN_INNER_FILLER.sub(lambda m: "," if (m["before"] or m["after"]) and not _EN_NO_CLAUSE_END.search(t[:m.start()])
                                else "", t)


# "what's do tomorrow": Whisper's homophone of "due" where no "do" can stand
_EN_DO_AS_DUE = re.compile(r"\b(what's|whats|what\s+is|anything|what\s+else\s+is)\s+do\s+(?=today|tonight|tomorrow|tmrw|this\s+week)"
                           # "what's new tomorrow": Whisper base's hearing of "what's due tomorrow" (conversation run 41);
                           # news is not asked by a day to come
                           r"|^(what's|whats|what\s+is)\s+new\s+(?=tomorrow|tmrw|this\s+week)")


# "what's (left) on my gender", "worse on my gender", "what's on my end": Whisper base's hearing of "what's on my agenda"
# (three of four conversation runs through the daemon, and run 41); nothing is on anyone's gender, and "what's on my
# end?" asked alone is no question of its own, so the words can mean only the agenda
_EN_GENDER_AS_AGENDA = re.compile(r"^(?:what's|whats|what\s+is|worse|what)(?P<left>\s+(?:left|still))?\s+on\s+"
                                  r"(?:my\s+gender|the\s+gender|my\s+end)"
                                  r"(?=(?:\s+(?:for\s+)?(?:today|tonight|tomorrow|this\s+week))?[\s?.!]*$)")


_EN_KINDLY = re.compile(r"^(?:(?:um+|uh+|so|okay|ok|hey)[\s,]+)*(?:kindly|please|can\s+you\s+kindly)\s+")   # "um kindly read …"


# "whats left for the week": a recognizer's "what's" without its apostrophe (the sixty-first session: to SmolLM2)
_EN_WHATS = re.compile(r"^((?:so|and|ok|okay)\s+)?whats\b")


# "But do I have to do this week?": Whisper base's "what" heard as "but" before "do I have to" (voice66's spoken day:
# to SmolLM2); only a question the due patterns read in full after it ("… this week", "… by tomorrow") is the agenda's
_EN_BUT_AS_WHAT = re.compile(r"^(?:so\s+|and\s+)?but\s+(?=(?:do|did)\s+i\s+(?:have|need|got)\s+to\s)")


def en_intent(t: str) -> Intent | None:
    t = _EN_WHATS.sub(r"\1what's", _en_filler_off(t))
    t = _EN_BUT_AS_WHAT.sub("what ", t)
    t = _EN_KINDLY.sub("", t)
    t = _EN_DO_AS_DUE.sub(lambda m: f"{m[1] or m[2]} due ", t)
    t = _EN_GENDER_AS_AGENDA.sub(lambda m: f"what's{m['left'] or ''} on my agenda", t)   # "what's left on my gender" (run 70)
    t = _EN_RESAID.sub(_en_resaid, t)
    t = _EN_WH_CONTRACTION.sub(lambda m: m[1] + (" have" if m[0].endswith("ve") else " did"), t)
    if m := _DAY_FIRST.match(t):      # "tomorrow, what's on the list": the day said first
        t = f"{m['rest']} {m['day']}"
    in_minutes = en_said_in_minutes(t)   # "remind me in 1h 30m": the amount in plain minutes, for a snooze only
    for kind in ("list", "due_today", "due_tomorrow", "due_week", "due_next_week", "due_month", "due_next_month", "snooze", "promised_to"):
        for pattern in EN[kind]:
            m = pattern.fullmatch(in_minutes if kind == "snooze" else t)
            if m is None:
                continue
            if kind == "snooze":
                if m.groupdict().get("bare"):
                    return Intent("snooze", "en", minutes=SNOOZE_DEFAULT_MIN)
                return Intent("snooze", "en", minutes=_en_minutes(m))
            if kind == "promised_to":
                person = re.sub(r"\s+(?:again|exactly|already|now)$", "", m["x"].strip())   # "... my daughter again"
                person = re.sub(r"\s+(?:in|from|at)\s+[\w' -]+$", "", person)   # "my tita in cebu": where she lives
                if person.split()[0] in EN_BASE_VERBS:
                    continue        # "what have I promised to do, all of it": what, not to whom
                return Intent("promised_to", "en", argument=re.sub(r"^(?:my|the)\s+", "", person))
            return Intent(kind, "en")  # type: ignore[arg-type]
    cued = _en_cues(t, in_minutes)
    if cued is not None:
        return cued
    if _QUESTION_START.match(t):  # "how do I cancel a subscription": a question, never a command
        return None
    if (m := _EN_STATE_THEN.fullmatch(t)) is not None and not _EN_NOT_ORDER.search(m["x"]):
        t = f"{m['x']}, {m['cmd']}" if _EN_THEN_MARK.fullmatch(f"{m['x']}, {m['cmd']}") else m["cmd"]
    if (m := _EN_THEN_MARK.fullmatch(t)) is not None and m["x"].strip() not in _PRONOUN_REFS:
        task = _EN_NOT_DOING.sub("", m["x"].strip())   # "i'm not doing the readme update anymore" -> the task
        done = bool(m["done"] or m["marked"] or m["over"])
        return Intent("done" if done else "cancel", "en", argument=task.strip() or m["x"].strip(), command=True)
    for kind in ("done", "cancel"):
        for pattern in EN[kind]:
            m = pattern.fullmatch(t)
            if m is not None:
                ref = _EN_ARTICLE.sub("", m["x"].strip(" ,"))
                if ref and ref not in _PRONOUN_REFS:
                    command = t.startswith(_EN_COMMAND_VERBS) or _EN_FORGET_THING.fullmatch(t) is not None
                    argument = _EN_ENTRY.sub("", m["x"].strip(" ,"))
                    if kind == "done" and _EN_FINISHED_THING.match(t):
                        # "i finished the slides" with "finish the slides for …" and "send the slides to Priya" open:
                        # the deed said names which (the sixty-first session closed the sending)
                        argument = f"finish {argument}"
                    return Intent(kind, "en", argument=argument, command=command)  # type: ignore[arg-type]
    return None


