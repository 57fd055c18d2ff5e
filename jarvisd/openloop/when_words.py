"""Word tables and regex pieces for `when` (the bilingual time grammar). Pure data, no logic.

Everything that is a list of words lives here so `when.py` keeps only the rules. The pattern pieces
are plain strings that `when.py` joins and compiles once at import.
"""

from __future__ import annotations

# ---------------------------------------------------------------- numbers

EN_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
           "ninety": 90}
# "a couple of" is 2; "half an" is 0.5; "a"/"an" is 1 (handled by the number parser)
EN_NUMBER = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four"
             r"|five|six|seven|eight|nine)\b)?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
             r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)")
EN_HOUR_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"

# Native Korean numbers, as Whisper writes them before a counter (한 시, 두 시간, 열두 시).
KO_NATIVE_UNITS = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "석": 3, "네": 4, "넷": 4, "다섯": 5,
                   "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9}
KO_NATIVE_TENS = {"열": 10, "스물": 20, "스무": 20, "서른": 30, "마흔": 40, "쉰": 50}
KO_NATIVE = r"(?:(?:열|스물|스무|서른|마흔|쉰)\s?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉)|열|스물|스무|서른|마흔|쉰|한|두|세|네|다섯|여섯|일곱|여덟|아홉)"
# Sino-Korean numbers, for minutes and big counts (삼십 분, 일주일, 삼 개월).
KO_SINO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
KO_SINO = r"(?:[이삼사오육칠팔구]?십[일이삼사오육칠팔구]?|[일이삼사오육칠팔구])"
# Day counts have their own native words.
KO_DAY_COUNTS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "여드레": 8,
                 "아흐레": 9, "열흘": 10, "보름": 15}

# ---------------------------------------------------------------- calendar words

EN_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
             "oct": 10, "nov": 11, "dec": 12}
EN_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December"]
# "May" only capitalized (the verb "may" is everywhere); short forms only before a day number.
EN_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|(?-i:May)|june?|july?|aug(?:ust)?"
            r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?")
EN_MONTH_FULL = r"(?:january|february|march|april|(?-i:May)|june|july|august|september|october|november|december)\b"
EN_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
               "sunday": 6}
# A weekday, but not a possessive ("Friday's meeting notes" names a meeting, not a due) nor a plural
# ("on Fridays" is a habit).
EN_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!['’]s\b|s\b)\b"
KO_WEEKDAYS = {"월": 0, "화": 1, "수": 2, "목": 3, "금": 4, "토": 5, "일": 6}

# English day words -> days from today
EN_DAY_WORDS = {"today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1, "yesterday": -1,
                "the day after tomorrow": 2, "day after tomorrow": 2, "last night": -1}
KO_DAY_WORDS = {"오늘": 0, "내일": 1, "모레": 2, "내일모레": 2, "내일 모레": 2, "글피": 3, "어제": -1,
                "그제": -2, "그저께": -2, "어젯밤": -1, "오늘밤": 0, "오늘 밤": 0, "내일밤": 1, "내일 밤": 1}

# ---------------------------------------------------------------- parts of the day

# A part of the day said with a time decides what a bare hour means (see HOUR_TABLE).
EN_PARTS = {"morning": "morning", "afternoon": "afternoon", "evening": "evening", "night": "night",
            "tonight": "night", "after work": "evening", "after school": "afternoon", "after lunch": "afternoon",
            "after dinner": "evening", "before work": "morning", "before lunch": "morning"}
KO_PARTS = {"오전": "am", "오후": "pm", "아침": "morning", "저녁": "evening", "밤": "night", "새벽": "dawn",
            "낮": "daytime", "점심": "lunch", "퇴근": "evening", "점심 먹고": "afternoon"}

# What a said hour 1..12 means, by the part of the day said with it (position = hour - 1):
#   a = that hour am   p = that hour pm   N = noon   z = 00:00 that day   m = midnight ending that day
#   n = that hour the next early morning ("tonight at 1", "오늘 밤 1시")   ? = the next of am/pm to come
# An explicit am/pm or a 24-hour clock (13:00, 08:00, 15시) always wins over this table.
#                     1..6    7..11  12
HOUR_TABLE = {
    "":          "pppppp" "?????" "N",   # bare: people rarely schedule 1-6 am without saying so
    "am":        "aaaaaa" "aaaaa" "z",   # 12 am = the start of the day
    "pm":        "pppppp" "ppppp" "N",
    "morning":   "aaaaaa" "aaaaa" "N",
    "dawn":      "aaaaaa" "aaaaa" "z",   # 새벽
    "daytime":   "pppppp" "paaaa" "N",   # 낮: 낮 2시 = 14:00, 낮 11시 = 11:00
    "lunch":     "pppppp" "pppaa" "N",   # 점심: 점심 12시, 점심 1시 = 13:00
    "afternoon": "pppppp" "ppppp" "N",
    "evening":   "pppppp" "ppppp" "m",   # evening, after work, 저녁, 퇴근하고
    "night":     "nnnnpp" "ppppp" "m",   # tonight, 밤: 밤 10시 = 22:00, 밤 1시 = 01:00 the next day
}

# ---------------------------------------------------------------- pattern pieces

# English words in front of a time that belong to it ("by Thursday", "at noon", "before December 15").
EN_PRE = (r"(?:(?P<pre>by|on|at|before|prior\s+to|until|till|til|'til|no\s+later\s+than|due"
          r"|(?:at\s+|by\s+)?(?:around|about|approximately))\s+)?")
# What may not follow a bare "at 8" / "by 9" for it to be a clock time.
EN_NOT_UNIT = (r"(?!\s*(?:%|percent\b|per\b|degrees?\b|dollars?\b|bucks\b|euros?\b|cents?\b|years?\b|yrs?\b"
               r"|months?\b|weeks?\b|days?\b|hours?\b|hrs?\b|minutes?\b|mins?\b|seconds?\b|secs?\b"
               r"|miles?\b|km\b|kg\b|lbs?\b|pounds?\b|points?\b|times\b|people\b|persons?\b|kids\b"
               r"|items?\b|pages?\b|of\b|out\b|x\b|st\b|nd\b|rd\b|th\b|[-/.,:]\d|\d))")
EN_REL_UNIT = r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)\b"
EN_UNIT = {"min": "minute", "hr": "hour", "fortnight": "fortnight"}

# Korean particles after a time that belong to it ("금요일까지", "3시에", "오늘 중으로", "12월 15일 전에").
KO_TAIL = (r"(?P<tail>\s?(?:까지는|까지도|까진|까지|전까지는|전까지|전까진|전에는|전에|이전에|이전까지|이전"
           r"|에는|에도|에|엔|쯤에는|쯤에|쯤|경에|경|께|부터|이후에|이후|중으로|중에|안에|안으로|내로|내에|이내에|이내"
           r"|은|는|도|전(?![가-힣])))?")
KO_START = r"(?<![가-힣0-9])"
# What may follow 시 for it to be an hour ("2시간짜리" is a duration, "시즌" a season).
KO_AFTER_HOUR = r"(?![간즌리각청장민험작절켜도키])"
KO_REL_DIR = r"(?P<dir>뒤|후|있다가|이따가|지나서|안에|안으로|내에|내로|이내|만에|전(?!까지))"
KO_REL_UNIT = r"(?P<unit>시간|분|주일|주|달|개월|년|일)"
KO_UNIT = {"시간": "hour", "분": "minute", "주일": "week", "주": "week", "달": "month", "개월": "month",
           "년": "year", "일": "day"}
