"""Korean agenda intents: the pattern tables and their cues ("오늘 할 일 뭐 있어", "약 먹었어 체크해줘",
"10분 뒤에 다시 알려줘", "민수한테 뭐 해주기로 했지"). Spaces are ignored: Whisper spaces freely. Pure; see
`intents.py`."""

from __future__ import annotations

import re

from jarvisd.openloop.hangul import NIEUN, SSANG_SIOS, closed_by, final
from jarvisd.openloop.intent_words import (
    KO_ADNOMINAL,
    KO_N,
    KO_NOT_NEEDED,
    KO_NUMBER,
    KO_WILL,
    SNOOZE_DEFAULT_MIN,
    Intent,
    compile_all,
    ko_name,
    ko_task_words,
    minutes_of,
)
from jarvisd.openloop.shifts import ko_said_in_minutes

# the endings of a request: 줘 and its polite and plain forms, and the dialects' 도 ("알려 도") and 주라; the plain
# imperative 라 ("빼라", "지워라") goes straight on the verb. Not before more Hangul: "빼도 돼" is "may I".
_KO_GIVE = r"(?:줘라|줘|주세요?|주셔요?|줄래|주라|주이소|주소|다오|도)요?(?![가-힣])"
_KO_PLAIN = r"(?:라)(?![가-힣])"
# "까먹은 거 없나", "잊은 거 있어": the agenda, asked by what might have slipped (not "가방에 뭐 빠뜨린 거": a thing)
_KO_FORGOT = r"(?:혹시)?(?:내가|제가)?(?:혹시)?(?:뭐|무슨일|또)?(?:까먹|잊어버리|잊어먹|잊)(?:은|었던|어버린|은게)(?:거|것|일|게)?(?:없|있)(?:나|니|냐|을까|는지|지|었나|어)(?![가-힣])"
_KO_LIST = [
    r"(?:내)?할일(?:이|은|목록)?(?:뭐|뭐뭐|뭔데|뭐있|뭐남|알려|보여|말해|있어|읽어)",
    # "이번 주 뭐 있어?", "다음 주는 뭐뭐 있지": a week's list (`intents._this_week` reads which week)
    # "다음 달에 뭐 있어?" (the sixty-third session: to SmolLM2; "다음 달 일정 알려 줘" was read)
    # "이번 달에 병원 가는 거 뭐 있지?" (the sixty-fourth session: to SmolLM2, an English paragraph): the period's list,
    # asked by the kind of errand (read whole: the errand's words are no filter)
    r"(?:이번주|금주|다음주|담주|이번달|이달|다음달|담달)(?:에|에는)?[가-힣]{1,6}(?:가는|갈|할|하는|해야할|가야할|가야되는)"
    r"(?:거|것|일)(?:은|이|들)?(?:뭐|뭐뭐|뭐가)있(?:어|나|니|지|냐|을까|는지|나요|죠)",
    # "이번 주에 뭐 남았지" (the sixty-fourth session: the day's first sentence said back)
    r"(?:이번주|금주|다음주|담주|이번달|이달|다음달|담달)(?:는|에|에는)?(?:뭐|뭐뭐|뭐가)(?:더|또)?(?:있(?:어|나|니|지|냐|을까|는지|나요|죠)"
    r"|남(?:았|아있)(?:어|지|나|냐|니|더라|어요|나요|죠)?[?？]*$)",
    # "이번 주 남은 일", "이번 주 남은 거" (the sixtieth session: to SmolLM2, "이번 주돌아오면 …")
    r"(?:이번주|금주|다음주|담주|이번달|이달|다음달|담달)(?:의|는|에)?(?:할일|남은(?:할일|일|거|것|일정))(?:은|이|들)?$",
    r"(?:내)?(?:일정|약속|아젠다|어젠다|할일목록|투두)(?:이|은|좀|에|에는)?(?:뭐|알려|보여|말해|읽어|있|남)",
    r"(?:뭐|무엇을?)해야(?:돼|되지|하지|해|하더라)",
    r"(?:내가)?(?:챙길|챙겨야할|해야할|남은|남아있는)(?:거|것|일)(?:이|은|들)?(?:뭐|있|알려|보여)",
    # "뭐 남았어?", "이제 뭐가 남았지" (the sixty-second session: to SmolLM2, "남았어: 새로운 새로운 …")
    # "이사 준비 뭐 남았어?" (the sixty-third session: to SmolLM2): what is left of a preparation, all of the agenda
    r"(?:[가-힣]{1,6}(?:준비|관련해서|관련)(?:는|은|중에|에서|하면서)?)?"
    r"(?:이제|그럼|그러면|아직|또)?(?:뭐|뭐뭐|뭐가|뭣이)(?:더|또)?남(?:았|아있)(?:어|지|나|냐|니|더라|어요|나요|죠|을까|습니까)?[?？]*$",
    r"(?:내가)?약속한(?:거|것|일)(?:들)?(?:전부|다|모두)?(?:뭐|보여|알려|말해)",
    _KO_FORGOT,
]


def _ko_due(day: str) -> list[str]:
    return [rf"{day}(?:까지|안에|중으로|중에)?(?:인|이)?(?:마감(?:인|이)?)?(?:해야|끝내야|마쳐야)?(?:하는|할|되는)?"
            r"(?:거|것|일|게)?(?:이|은|가)?(?:뭐(?:$|있|야|였|지$|더라|남|해|하|할|뭐|가)|있|알려|남|보여)"]


def _ko_due_said(day: str) -> list[str]:
    """The day's obligations said as a bare noun phrase, the question left unsaid: "오늘 중으로 끝내야 되는 거",
    "내일까지 내야 할 것들"; a thing with no obligation ("오늘 먹을 거") is not one."""
    return [rf"{day}(?:까지|안에|중으로|중에|내로)?(?:은|에)?(?:내가|제가)?(?:꼭|반드시)?"
            r"(?:(?:해야|끝내야|마쳐야|내야|처리해야|챙겨야)(?:하는|할|되는|될)|마감(?:인|이)?)(?:거|것|일|게)(?:들)?$",
            rf"{day}(?:은|에|도)?{_KO_FORGOT}"]


_KO_DUE_TODAY = [rf"오늘(?=까지|안에|중으로|중에|마감){_ko_due('')[0]}", *_ko_due_said("오늘"),
                 # "오늘 뭐 있어?", "오늘은 뭐뭐 있지": what is on today (not "오늘 뭐 있었어", what happened; "오늘 뭐
                 # 해" stays chat; pass 35: to the model)
                 r"오늘(?:은|에)?(?:뭐|뭐뭐|뭐가)있(?:어|나|니|지|냐|을까|는지|나요|죠)",
                 # "오늘 할 일?", "오늘 할 일은?": the list named, the question left to the voice (pass 37's low: to the model)
                 r"오늘(?:의|은)?할일(?:은|이|들)?$"]
_KO_DUE_TOMORROW = [*_ko_due("(?:내일|낼)"), _ko_due_said("(?:내일|낼)")[0], r"(?:내일|낼)(?:의|은)?할일(?:은|이|들)?$"]
_KO_DONE_TAIL = (rf"(?:완료\s*(?:로|으로|상태로)\s*(?:바꿔|변경해|돌려|옮겨)\s*(?:{_KO_GIVE}|{_KO_PLAIN})?"   # "완료로 바꿔 줘": its state changed to done
                 rf"|완료\s*(?:로|처리|표시)?\s*(?:표시|처리|체크)?\s*(?:해\s*(?:{_KO_GIVE}|{_KO_PLAIN})?|했어|시켜\s*(?:{_KO_GIVE}|{_KO_PLAIN})"
                 rf"|처리\s*해\s*(?:{_KO_GIVE}|{_KO_PLAIN}))?|끝났어|끝냈어|다했어|했어체크"
                 rf"|했다고\s*(?:표시|체크)\s*해\s*(?:{_KO_GIVE}|{_KO_PLAIN})?"
                 r"|체크해줘|처리\s*완료"
                 # "병원 예약은 했으니까 끝난 걸로 해": the deed said, then its mark
                 rf"|\s*[가-힣]*{closed_by(SSANG_SIOS)}(?:으니까|으니|어|고)?\s*끝난\s*(?:걸로|것으로|거로)\s*(?:해|하)\s*(?:{_KO_GIVE}|{_KO_PLAIN}|둬|놔)?"
                 rf"|끝난\s*(?:걸로|것으로|거로)\s*(?:해|하)\s*(?:{_KO_GIVE}|{_KO_PLAIN}|둬|놔)?)")
# "세차 건 빼라", "그거 지워 도": a plain or a dialect imperative is the same order
_KO_CANCEL_TAIL = (rf"(?:(?:취소|삭제)\s*(?:해|하)\s*(?:{_KO_GIVE}|{_KO_PLAIN})|(?:취소|삭제)\s*해|취소|삭제|(?:지워|빼|없애)\s*(?:{_KO_GIVE}|{_KO_PLAIN})"
                   r"|(?:지워|빼|없애)\s*버려(?:라|요)?|지워|잊어버려|잊어|빼)(?:요)?(?:\s*,\s*[^,]+)?")   # "빼 버려"
# "좀 있다 다시", "쫌 이따": a while later, however it is said
_KO_LATER = r"(?:이따가?|나중에|(?:조금|좀|쫌|쪼금)?(?:이따가?|있다가?))"
_KO_SNOOZE = [
    r"(?P<n>\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|십|이십|삼십|오)(?P<unit>분|시간)(?:만)?(?:뒤에|후에|있다가?|이따가?)?"
    rf"(?:다시|한번더)?(?:알려|말해){_KO_GIVE}",
    rf"(?P<bare>{_KO_LATER}?다시(?:알려|말해){_KO_GIVE}|스누즈|{_KO_LATER}(?:다시|또)?$"
    # "이따 다시 얘기해 줘": 얘기해 and 물어봐 only after a "later" ("다시 얘기해 줘" alone asks to repeat)
    rf"|{_KO_LATER}다시(?:얘기해|물어봐){_KO_GIVE})",
]
# a person may be named with a number: "301호 어르신께", "3반 선생님한테"
# "내가 PM한테 뭐 해준다고 했지": the user as the subject is not part of the name
_KO_PROMISED = [r"(?:내가|제가|나는|저는)?(?P<x>(?!오늘|내일|모레|이번|다음|주말)[가-힣A-Za-z0-9]+?)(?:이랑|한테|에게|께|랑|하고|에)(?:뭐|무슨)(?:약속|[가-힣]{0,4}?기로)",
                r"(?:내가|제가|나는|저는)?(?P<x>[가-힣A-Za-z0-9]+?)(?:한테|에게|께)약속한(?:거|것|일)(?:이|은)?(?:뭐|있|알려)"]
_KO_CUE = r"(?:(?:아|음|저|죄송해요|죄송합니다|미안|미안해|미안해요)[,\s]+)*"
_KO_CORRECT = [rf"{_KO_CUE}(?:아니야|아니다|아니요|아니|아뇨|아냐|잠깐만|잠깐"
               # "시간 잘못 말했다 11시야", "날짜 잘못 말했어요": I misspoke
               r"|(?:(?:시간|날짜|요일|날)(?:을|를|은|는)?\s*)?잘못\s*(?:말했|얘기했|불렀)(?:다|어|네|어요|네요))[,.\s]+(?P<x>.+)",
               # "병원 예약을 금요일로 좀 바꿔 주겠어요?" (the sixty-third session's elder: read as "is it done?")
               rf"{_KO_CUE}(?P<x>.+?)\s*(?:로|으로)\s*(?:좀\s*)?(?:바꿔|해|변경해|옮겨|미뤄|당겨|앞당겨|늦춰|연기해|고쳐|정정해|정정할게|정정|하자|할래|하죠|합시다)"
               r"\s*(?:줘|주세요|줄래|요|주겠어요|주시겠어요|주실래요|줄래요|주실\s*수\s*있어요|줄\s*수\s*있어)?[?？]?",
               # "9시가 나아", "목요일이 좋겠다": the time that suits; "아 9시였다": the time misremembered
               rf"{_KO_CUE}(?P<x>.+?)(?:가|이)\s*(?:나아|낫겠다|낫겠어|나을\s*것\s*같아|좋겠다|좋겠어|좋아|편해|편하겠다)(?:요)?",
               rf"{_KO_CUE}(?P<x>.+?)\s*(?:였다|이었다|였어|이었어|였네|이었네|였지|이었지)(?:요)?"]


KO = {kind: compile_all(table) for kind, table in (
    ("due_today", _KO_DUE_TODAY), ("due_tomorrow", _KO_DUE_TOMORROW), ("list", _KO_LIST), ("snooze", _KO_SNOOZE),
    ("promised_to", _KO_PROMISED))}
_KO_THEN_MARK = re.compile(r"(?P<x>.+?)(?:\s*,\s*|(?:(?<=어)|(?<=요)|(?<=했다)|(?<=끝났다)|(?<=냈다)|(?<=왔다))\s+(?=체크|완료))(?:그러니까\s*|그니까\s*)?(?:(?:목록|리스트|할\s*일|일정)에서\s*)?"
                           r"(?P<cmd>체크\s*(?:표시)?|완료\s*(?:로|처리|표시)?\s*(?:표시|처리|체크)?|끝난\s*(?:걸로|것으로)\s*해|지워|빼|삭제|취소)\s*(?:해)?\s*"
                           rf"(?:{_KO_GIVE}|{_KO_PLAIN})?요?")
# "관리비 낸 걸로 체크해 줘", "택배 보냈다고 표시해 줘": the deed as done (a past adnominal and 걸로, or 다고), then the mark
_KO_DONE_AS = re.compile(r"(?P<x>.+?)\s+(?P<verb>[가-힣]+?)\s*(?P<as>\s*(?:걸로|것으로|거로)|다고)\s*"
                         rf"(?:(?:체크|표시|완료\s*(?:로|처리|표시)?|처리)\s*(?:표시|처리)?\s*|(?<=[로]\s)|(?<=로))(?:해|하)\s*(?:{_KO_GIVE}|{_KO_PLAIN}|둬|놔)?요?")
# (the mark's word may be left out after 걸로: "김 도매상 전화 한 거로 해 줘"; not after 다고: "보냈다고 해 줘" is a message)
# "항공권 건은 목록에서 없애 줘": where it goes from is not part of its name
_KO_FROM_LIST = r"(?:\s*(?:(?:내|제)\s*)?(?:할\s*일\s*)?(?:목록|리스트|일정|할\s*일|투두|아젠다|어젠다)\s*(?:에서|에)\s*)?"
_KO_DONE = re.compile(rf"(?P<x>.+?)(?:은|는|이|가|을|를|도)?{_KO_FROM_LIST}{_KO_DONE_TAIL}")
_KO_CANCEL = re.compile(rf"(?P<x>.+?)(?:은|는|이|가|을|를|도)?{_KO_FROM_LIST}{_KO_CANCEL_TAIL}")
KO_CORRECTS = compile_all(_KO_CORRECT)
_KO_WH = re.compile(r"(?:어떻게|어케|어떡해|왜|언제|어디|어떤|누가|누구|몇|어째서)")
# what one takes off the body or a thing, not off the list: "살 좀 빼라" (lose weight), "어깨에 힘 빼" (relax)
_KO_BODY_IDIOM = re.compile(r"(?:[가-힣]+에\s*)?(?:뱃살|군살|살|체중|몸무게|힘|기름기|물기|바람)(?:\s*(?:좀|을|를|은|도))*")
# "세차 건", "보내는 거", "낼 거": the word for an entry, said apart or after an adnominal (not the end of "분리수거")
_KO_ENTRY = re.compile(r"(?:\s*(?:그거|그건|그것|그냥|이거))*(?:\s+(?:일정|약속|건|거|것|할\s*일|알림)|"
                       rf"(?<={KO_ADNOMINAL})(?:건|거|것))?(?:\s*(?:그거|그건|그것|그냥|이거))*$")


_KO_ASK = re.compile(r"(?:있는지봐|있나봐|뭐|뭔|무엇|있었나|있었어|있었지|알려(?!주기로|줬|드렸|드리기로)|(?:보여|읽어|불러|읊어)(?=줘|주세요|주라|줄래|줄수|봐|$)|말해(?!야)|있어|있나|있니|있지|있을까|있냐|있어요|리스트|어떻게|어때|어떤"
                     r"|(?:일정|스케줄)좀$)")   # "오늘 일정 좀": the ask left unsaid
_KO_AGENDA = re.compile(r"(?:할일|할것|할거|아젠다|어젠다|투두|남은약속|남은거|(?:해|끝내|마쳐|처리해|내)야(?:할|될|하는|되는)|일정|스케줄|약속한|하기로한|마감|기한"
                        r"|남은일|(?:안|못)(?:끝난|끝낸|한|마친)(?:거|것|일)|(?:끝낼|마칠|처리할|해치울)(?:거|것|일|게)|투두|챙길|챙겨야|뭐해야|밀린|잡혀|잡힌"
                        r"|하기로|하겠다고|한다고했|메모해둔|적어둔|해야되는|해야하는"
                        # "내일 약속 뭐 있어", "약속 잡아 논 거 뭐 있나", "뭐가 밀려 있어"
                        r"|약속(?:이|은|들)?(?:뭐|있는지|있나|있어|있니)|잡아(?:논|놓은|둔|놨던|놓은거)|밀려있)")
_KO_OTHERS = re.compile(
    # the subject is a person, not the thing asked about: "할 일이 뭐였지", "남은 게 뭐야", "일정이 뭐 있어" ask about the agenda
    rf"(?<!내)(?<!제)(?<!{KO_ADNOMINAL}일)(?<!{KO_ADNOMINAL}거)(?<!{KO_ADNOMINAL}것)(?<!일정)(?<!약속)(?<!마감)(?<!스케줄)"
    r"(?:가|이)(?:뭐|나한테|내게|저한테)"
    # someone else's plan, reported: "아내가 모레 뭐 하겠다고 했더라", "팀장님이 … 한다고 하셨지"
    # "민준이가 PM한테 뭐 해준다고 했지": any verb said as a plan (a stem closed by ㄴ, then 다고), a name in Latin letters between
    r"|^(?:(?:오늘|내일|낼|모레|이따|아까|지금|이번주|다음주)(?:은|에|도)?)?+(?!내가|제가|나는|저는|난|전|내|제)(?:(?!한테|에게|께|하고|랑)[가-힣]){1,5}(?:님)?(?:이|가|께서)(?!랑|한테|에게|께|하고)[가-힣a-z0-9\s]*?(?:뭐|무슨)[가-힣]*?"
    rf"(?:{KO_N}다고?|하겠다고?|해주겠다고?|할거라고|하기로|해주기로)(?:했|하셨|하던|하더|캤|카|칸|그랬)"
    # someone else's plan, heard from others: "현우는 뭐 하기로 했대요?", "팀장님은 뭐 한다고 하셨대"
    r"|^(?!내가|제가|나는|저는|난|전|내|제|오늘|내일|모레|이번|다음|주말|요즘|이따)(?:(?!한테|에게|께|하고|랑)[가-힣a-z]){1,5}(?:님)?(?:은|는)"
    rf"(?:뭐|무슨)[가-힣]*?(?:하기로|{KO_N}다고|하겠다고)(?:했|하셨)(?:대|다던|다더라|다고)"
    # someone else's promise asked about: "김 선생이 약속한 거 뭐였노", "팀장님이 하기로 한 게 뭐였지"
    r"|^(?!내가|제가|나는|저는|난|전|내|제)(?:(?!한테|에게|께|하고|랑)[가-힣a-z]){1,6}(?:님)?(?:이|가|께서)"
    r"(?:약속한|약속하신|하기로한|하기로하신|해주기로한)(?:거|것|게|일)"
    # a question about tools: "일정 관리 어플 추천해 줄래", "할 일 목록 만드는 법"
    r"|(?:앱|어플|애플리케이션|프로그램|엑셀|노션|만드는법|쓰는법|사용법|관리법|추천)"
    # how to use the agenda: "할 일 추가하는 거 어떻게 해?"
    r"|(?:추가|등록|삭제|입력|넣|지우)(?:하)?(?:는|려면|으려면)(?:거|것|법)?어떻게"
    # "할 일 목록은 어떻게 지우는 거야": the question word first
    r"|어떻게(?:추가|등록|삭제|입력|넣|지우|쓰|만들|바꾸|고치|없애)(?:하|해)?(?:는|나|냐|지|면|야|죠)"
)
# "딸내미가 할 일 다 했다는데 뭐 도와줄 거 없나": someone else's deed, reported (the subject a word of its own)
_KO_THEIR_DEED = re.compile(r"^(?!(?:내가|제가|나는|저는|난|할\s?일|일정|약속|마감|스케줄|남은|오늘|내일)\s)"
                            r"(?!.*(?:나는|난|저는|전|내가|제가|내\s?할\s?일|나한테))[가-힣]{1,5}(?:가|이|께서)\s"
                            r"[가-힣\s]*?(?:했|끝냈|끝났|마쳤)(?:다는데|다는디|대|다던데|다네)(?![가-힣])")
_KO_PERSON = re.compile(r"(?:내가|제가|나는|저는)?(?P<x>[가-힣A-Za-z0-9]+?)(?:이랑|하고|한테|에게|께|랑)"
                        r"(?=.*(?:약속|하기로|해주기로|드리기로|해드리기로|주기로|해준다고|해주겠다고|한다고했|하겠다고|린다고했|드린다고|준다고했"
                        # "해 준다 캤더라", "보낸다 했노": the plan quoted without 고, said with 했 or the dialect's 캤 / 카
                        rf"|{KO_N}다고?(?:했|캤|카|칸|그랬)|하겠다고?(?:했|캤|카|칸)))")
# the day and hour said before the person, squeezed: "토요일저녁7시에민지" -> "민지"
_KO_WHEN_LEAD = re.compile(r"^(?:(?:오늘|내일|모레|이번주|다음주|주말|[월화수목금토일]요일|아침|점심|저녁|밤|새벽|오전|오후|\d{1,2}시(?:\d{1,2}분|반)?)"
                           r"(?:에|에는|엔)?)+")
# "세탁기 돌려야 되는데 한 시간 뒤에 알려줘": a new deed to be reminded of, not a snooze of the last one (the
# fifty-fifth session: "1시간 뒤에 다시 알려 드릴게요: 선물 사기."); "회의 가야 돼서 한 시간 뒤에 다시 알려 줘" stays a snooze
_KO_KEEP_ME = re.compile(r"(?:잊|까먹|잊어버리)(?:지|지는)(?:않게|말고|마)|라고알려|(?<=[가-힣])(?:야|야하|야되|야돼)(?:는데|니까|서)(?!.*다시).*알려")
# "1시간 30분 뒤에": the minutes after the hours (pass 32: "0분" was read out of "30분", a 10-minute snooze)
_KO_NAG = re.compile(r"(?<![가-힣\d])(?P<n>\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|[이삼사오]?십[일이삼사오육칠팔구]?|오)\s*(?P<unit>분|시간)"
                     r"(?P<half>반)?(?:(?<=간)\s*(?P<mn>\d+|[이삼사오]?십[일이삼사오육칠팔구]?|오)\s*분)?(?:만|뒤에|뒤|후에|후|있다가?|이따가?|좀|다시|또|더|정도)*(?:알려|알림|말해|얘기해|리마인드|미뤄|미루|스누즈|다시$"
                     r"|(?<=[만뒤후])(?:있다가?|이따가?)$|(?<=다시)해$)")   # "이십 분 뒤에 다시 해"   # "30분만 이따가", "한 시간 뒤 이따"


# "저녁 7시에 저녁 약속 있어" (the fifty-eighth helper: the whole list read, the dinner not kept): a meal's plan told
# with its clock hour, no question mark: the user's own plan, the promise rules' (as "저녁 7시에 치과 예약 있어" is)
_KO_PLAN_TOLD = re.compile(r"(?:\d{1,2}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|열한|열두)시(?:반|\d{1,2}분)?(?:에|쯤|쯤에)"
                           r"[가-힣\d]{0,12}?(?:저녁|점심|아침|브런치|술|밥|회식)약속(?:이|도)?있(?:어|다|습니다|는데|거든)$")


def _ko_cues(t: str, squeezed: str, in_minutes: str, asked: bool = False) -> Intent | None:
    """Snoozes, agenda questions and promised_to by their cues (`in_minutes`: `t` with an amount that holds days or a
    fraction said in minutes, for the snoozes; `asked`: the words as said ended in a question mark)."""
    if _KO_KEEP_ME.search(squeezed):   # "여권 갱신해야 하는데 잊지 않게 알려줘": a promise to keep
        return None
    if not asked and _KO_PLAN_TOLD.search(squeezed):
        return None
    m = _KO_NAG.search(_squeezed(in_minutes)) or _spaced_nag(in_minutes)
    if m is not None:
        before = _squeezed(m.string[:m.start()])   # the squeezed or the spaced reading's   # "한 시간 반 뒤에": and a half
        half = 30 if m["half"] and m["unit"] == "시간" else 0
        more = minutes_of(m["mn"], "분", KO_NUMBER) if m["mn"] else 0
        # "콩이 산책 삼십 분 뒤에 알려줘": the thing named is the desk's to find open (a snooze of it) or not (a reminder
        # of its own, the promise rules')
        named = _named_before(before, squeezed)
        return Intent("snooze", "ko", argument=named or "", minutes=minutes_of(m["n"], m["unit"], KO_NUMBER) + half + more)
    if not _KO_ASK.search(squeezed) or _KO_OTHERS.search(squeezed):
        return None
    person = _KO_PERSON.match(squeezed)
    if person is not None and person["x"] not in ("나", "내", "저", "제"):
        name = _KO_WHEN_LEAD.sub("", person["x"]) or person["x"]   # "토요일에 민지랑 약속 있어?": 민지
        return Intent("promised_to", "ko", argument=ko_name(name))
    if _KO_AGENDA.search(squeezed) is None:
        return None
    if re.search(r"(?:^|\s)(?:내일|낼)(?!\s*정)", t):  # "내 일정" squeezed is 내일정: not tomorrow
        return Intent("due_tomorrow", "ko")
    # "오늘 챙길 거", "오늘 끝낼 일": today and a thing still to be done (a future adnominal, ㄹ)
    if re.search(r"오늘(?:은|에)?(?:제가|내가)?(?:꼭|반드시)?(?:뭐|무슨일|뭐가)?(?:까지|마감|기한|중|안에|안으로|내로|할일|할거|일정|스케줄|밀려|밀린|(?:해|끝내|마쳐|처리해|내|챙겨)야"
                 rf"|잡혀|잡힌|하기로|[가-힣]{{0,3}}?{KO_WILL}(?:거|것|일|게))", squeezed) or \
            re.search(r"오늘(?!날)[가-힣]{0,6}?(?:인데|이라|라서)(?:해|끝내|처리해|챙겨)야(?:할|될|하는|되는)", squeezed):
        return Intent("due_today", "ko")   # "오늘 오프인데 해야 될 거 있어?": today, said with why
    return Intent("list", "ko")


# what may come before a snooze's amount and name nothing: "그거 10분 뒤에", "음 좀 이따 다시"
_KO_NOT_NAMED = re.compile(r"(?:그거|이거|저거|그것|이것|그건|이건|그|이|좀|다시|또|한번|한\s?번|나중에|일단|그럼|그러면|그냥|음|어|아|응|네|예|"
                           r"알림|알람|자비스야|자비스|약|대략|딱|한|우선|그래|오케이|ㅇㅋ|[,.!~])")


def _named_before(before: str, squeezed: str) -> str | None:
    """Words before a snooze's amount that name a thing (not a pointer, a filler or 다시), squeezed, or None: "콩이산책"
    of "콩이 산책 삼십 분 뒤에 알려줘" asks for a reminder of that unless it is open, not a snooze of the one last
    reminded (the fifty-seventh session: "다시 알려 드릴 알림이 없어요."); with 다시 / 또 / 더, or 아니 (a correction),
    none is named."""
    rest = before
    while rest and (m := _KO_NOT_NAMED.match(rest)) is not None and m.end() > 0:
        rest = rest[m.end():]
    named = len(rest) >= 2 and re.fullmatch(r"[가-힣A-Za-z0-9]+", rest) is not None and \
        not re.search(r"다시|또|더|아니", squeezed)
    return rest if named else None


def _spaced_nag(t: str) -> re.Match[str] | None:
    """A count after other words keeps its space ("바쁘니까 이십 분 뒤에 다시 해"), so it is read as a count
    and not as the end of the word before; not one that corrects an amount ("보고서 아니 십오 분 뒤에")."""
    spaced = re.sub(rf"\s+(?!{_KO_COUNT})", "", t)
    m = _KO_NAG.search(spaced)
    if m is None or re.search(r"(?:아니|아니다|아니지|말고|아뇨)\s*$", spaced[:m.start()]):
        return None
    return m


# a last word said as done (했어, 보냈어, 끝냈어요: a stem closed by ㅆ, then 어): the remark before a done order
_KO_PAST_REMARK = re.compile(r"\s+(?:다\s+|이미\s+|벌써\s+|방금\s+)?[가-힣]*" + closed_by(SSANG_SIOS)
                             + r"어(?:요)?$")


def _ko_past_deed(verb: str, connector: str) -> bool:
    """A verb said as done: a past adnominal before 걸로 (낸, 한, 먹은: its last syllable closed by ㄴ) or a
    past stem before 다고 (했, 냈: closed by ㅆ; "간다고" is a plan, not a deed)."""
    if verb in ("없던", "없었던", "아닌"):   # "없던 걸로 해 줘": called off, no deed
        return False
    return final(verb[-1]) == (SSANG_SIOS if connector == "다고" else NIEUN)


_KO_COUNT = r"(?:\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|[이삼사오]?십[일이삼사오육칠팔구]?|오)"
# "이십 분, 아니 십오 분만 미뤄 줘", "한 시간 말고 삼십 분": an amount said again; the second one counts
_KO_RESAID = re.compile(rf"(?<![가-힣\d]){_KO_COUNT}(?:\s*(?:분|시간))?(?:\s*반)?(?:\s*,\s*|\s+)(?:아니|아니다|아니지|아니요|아뇨|아냐|말고)(?:\s*,\s*|\s+)"
                        rf"(?={_KO_COUNT}\s*(?:분|시간))")


# "와이프한테 내가 뭐 한다 캤더라", "엄마한테 제가 뭐 해 드린다고 했죠": the person, then the user as the one who promised
_KO_I_PROMISED = re.compile(r"(?P<x>[가-힣A-Za-z0-9]+?)(?:한테|에게|께)(?:내가|제가)(?:뭐|무슨|뭘)[가-힣]*?"
                            r"(?:한다|하겠다|해준다|해주겠다|준다|드린다|드리겠다|할거라|하기로|해주기로|주기로)")
# "수아 내일 스케줄 어떻게 돼": someone's schedule, named first
_KO_THEIR_SCHEDULE = re.compile(r"^(?!(?:내|제|나|저|우리|오늘|내일|낼|모레|이번|다음|할|내가|제가)(?![가-힣]))[가-힣]{2,4}?(?:이|의)?\s+"
                                r"(?:오늘|내일|낼|모레|이번\s?주|다음\s?주)\s+(?:스케줄|일정|시간표)")   # not "치과 일정 지워줘"


# "민지 오늘 할 일 뭐래" (what did Minji say she has to do): a list asked of someone else's words
_KO_HEARSAY_ASK = re.compile(r"^(?!내가|제가|나|오늘|내일|낼)[가-힣]+?(?:이|가|는|은)?(?:오늘|내일)?.*(?:뭐래|뭐라고했|뭐라던)")
_KO_HOW_MANY = re.compile(r"^(?:오늘|내일|낼)(?:은|에|에는)?(?:내가|제가)?(?:뭐)?몇개|(?:남은(?:일|거|것|task)?|할일|할거|task|투두|일정|약속)(?:이|가|은|는|들)?몇개")
_KO_DAY_THEN_I = re.compile(r"^(오늘|내일|낼)(?:나|내가|저|제가|난)(?=뭐|할|해야|있)")


def _squeezed(t: str) -> str:
    """The words without their spaces and a final polite 요, as the patterns read them."""
    return t.replace(" ", "").rstrip("요")


# a done order's thing ending in a negation: "회의 안 (끝났어)", "report 못 (끝냈어)"
_KO_NOT_DONE = re.compile(r"(?:^|\s)(?:안|못)$")


def ko_intent(t: str, asked: bool = False) -> Intent | None:
    """The Korean agenda intent of `t` (cleaned: its question mark is gone, so `asked` says whether it had one)."""
    if _KO_THEIR_SCHEDULE.match(t) or _KO_THEIR_DEED.match(t):
        return None
    t = _KO_RESAID.sub("", t)
    squeezed = _squeezed(t)
    if m := _KO_I_PROMISED.match(squeezed):   # "와이프한테 내가 뭐 한다 캤더라": the user names themself
        return Intent("promised_to", "ko", argument=ko_name(m["x"]))
    if _KO_OTHERS.search(squeezed) or _KO_HEARSAY_ASK.search(squeezed):
        return None   # "준호가 나한테 뭐 해주기로 했지", "민지 오늘 할 일 뭐래": someone else's promise or list
    if _KO_HOW_MANY.search(squeezed):   # "남은 task 몇 개야": how many are open, answered with the list
        # "오늘 할 일 몇 개야": the day's (session 45: the whole list was read)
        day = re.match(r"(?:내|제)?(오늘|내일|낼)", squeezed)
        return Intent("list" if day is None else "due_today" if day[1] == "오늘" else "due_tomorrow", "ko")
    squeezed = _KO_DAY_THEN_I.sub(r"\1", squeezed)   # "오늘 나 뭐 해야 돼": the day, then the user
    in_minutes = ko_said_in_minutes(t)   # "하루 2시간 뒤에 다시 알려줘": days as minutes, for a snooze only
    snooze_said = _squeezed(in_minutes)
    for kind in ("due_today", "due_tomorrow", "list", "snooze", "promised_to"):
        for pattern in KO[kind]:
            m = pattern.match(snooze_said if kind == "snooze" else squeezed)
            if m is None:
                continue
            if kind == "snooze":
                if m.groupdict().get("bare"):
                    return Intent("snooze", "ko", minutes=SNOOZE_DEFAULT_MIN)
                return Intent("snooze", "ko", minutes=minutes_of(m["n"], m["unit"], KO_NUMBER))
            if kind == "promised_to":
                return Intent("promised_to", "ko", argument=ko_name(m["x"]))
            return Intent(kind, "ko")  # type: ignore[arg-type]
    cued = _ko_cues(t, squeezed, in_minutes, asked)
    if cued is not None:
        return cued
    if "?" in t:
        return None
    if (m := _KO_DONE_AS.fullmatch(t)) is not None and _ko_past_deed(m["verb"], m["as"]) and \
            m["verb"] not in ("끝난", "끝낸", "마친", "완료한") and \
            (argument := ko_task_words(f"{m['x']} {m['verb']}")) and not re.search(r"(?:^|\s)(?:안|못)$", m["x"]):
        return Intent("done", "ko", argument=argument, command=True)
    if (m := _KO_THEN_MARK.fullmatch(t)) is not None and (argument := ko_task_words(m["x"])):
        kind = "done" if m["cmd"].startswith(("체크", "완료", "끝난")) else "cancel"
        return Intent(kind, "ko", argument=argument, command=True)  # type: ignore[arg-type]
    for kind, pattern in (("done", _KO_DONE), ("cancel", _KO_CANCEL)):
        m = pattern.fullmatch(re.sub(r"(?<!세)요$", "", t).rstrip())
        if m is not None and m["x"].strip() not in ("그거", "그건", "이거", "그것", "다") and "," not in m["x"]:
            if kind == "cancel" and _KO_BODY_IDIOM.fullmatch(m["x"].strip()):   # "살 좀 빼라": lose weight
                continue
            if _KO_WH.search(m["x"]):   # "구독 어떻게 취소해": a question word makes it a question, not an order
                continue
            if kind == "done" and _KO_NOT_DONE.search(m["x"].strip()):
                return None   # "회의 안 끝났어", "report 못 끝냈어": not done (pass 63: marked done)
            said_to = t.replace(" ", "")
            said_to = said_to[:-1] if said_to.endswith("요") and not said_to.endswith("주세요") else said_to   # "빼 줘요"
            command = said_to.endswith(("줘", "주세요", "해", "처리", "삭제", "취소", "빼", "라", "도", "주라", "다오",
                                        "주이소", "주소", "지워", "없애"))
            if kind == "done" and asked and not command and not said_to.endswith(("줄래", "줄래요")):
                return None   # "회의 끝났어?": asked whether it is over, not told (pass 63: marked done)
            # "사회자 섭외는 안 해도 된대 그거 빼 줘": the entry word after the reason, the reason, then the name
            said = _KO_ENTRY.sub("", m["x"].strip()).strip() or m["x"].strip()
            named = KO_NOT_NEEDED.sub("", said).strip() or said
            argument = _KO_ENTRY.sub("", named) or named
            if kind == "done" and _KO_PAST_REMARK.search(argument):   # "KTX 표 예매 했어 완료로 바꿔 줘": the deed said first
                argument = _KO_PAST_REMARK.sub("", argument).strip() or argument
            return Intent(kind, "ko", argument=argument, command=command)  # type: ignore[arg-type]
    return None


