"""Word tables for the commitment rules (`commitments_en`, `commitments_ko`): kept apart from the rules so
that a missed word is added here, in one place, without touching a rule.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------- English verbs

# Irregular verbs: base, past, past participle. The closure rules turn "sent Sam the slides" back into
# "send Sam the slides", so that the reference reads like the promise it closes.
_IRREGULAR = """
begin began begun; bring brought brought; build built built; buy bought bought; catch caught caught;
choose chose chosen; come came come; cut cut cut; do did done; draw drew drawn; drink drank drunk;
drive drove driven; eat ate eaten; feed fed fed; find found found; fly flew flown; get got gotten;
give gave given; go went gone; grow grew grown; hang hung hung; hear heard heard; hold held held;
keep kept kept; lay laid laid; lead led led; leave left left; lend lent lent; let let let;
make made made; meet met met; mow mowed mown; pay paid paid; put put put; quit quit quit;
read read read; rebuild rebuilt rebuilt; redo redid redone; resend resent resent; rewrite rewrote rewritten;
ride rode ridden; ring rang rung; run ran run; sell sold sold; send sent sent; set set set;
sew sewed sewn; shut shut shut; sing sang sung; sit sat sat; sleep slept slept; speak spoke spoken;
spend spent spent; sweep swept swept; swim swam swum; take took taken; teach taught taught;
tell told told; throw threw thrown; wake woke woken; wear wore worn; win won won;
withdraw withdrew withdrawn; write wrote written; hit hit hit; split split split; sort sorted sorted;
see saw seen; say said said; think thought thought; feel felt felt; lose lost lost; forget forgot forgotten;
understand understood understood; have had had; stand stood stood
"""

# Regular action verbs a promise is made of (base forms). Nouns that are also verbs (milk, water, book)
# are here only where the verb is common in a promise; `and` splits a promise only before a verb that
# is followed by its own object, so "buy bread and water" stays one.
_REGULAR = """
accept add answer apply arrange ask attend back bake book borrow brush call cancel change charge check
clean clear close collect confirm contact cook copy deliver deposit download drop email fax file fill
finish fix follow hand handle install invite iron jog learn load look mail move open order organize pack
paint pick plan plant post prepare print process publish push rebook record recycle register remind
remove renew rent repair replace reply report reschedule reserve respond return review schedule scan
ship shop sign start stop study submit subscribe text thank tidy transfer update upload vacuum visit
walk wash watch water wrap practice practise exercise refill finalize draft edit proofread top text
message ping call phone dial wire walk air feed train bathe mop dust polish plug unplug lock unlock
buy renew cancel apologize invoice claim request review sign file fax backup try use
grab gather settle swap rsvp enrol enroll share forward circulate complete approve
"""

IRREGULAR_BASE: dict[str, str] = {}    # past or participle -> base
EN_BASE_VERBS: frozenset[str]
_bases: set[str] = set()
for _row in _IRREGULAR.replace("\n", " ").split(";"):
    if _row.split():
        _base, _past, _part = _row.split()
        _bases.add(_base)
        IRREGULAR_BASE.setdefault(_past, _base)
        IRREGULAR_BASE.setdefault(_part, _base)
_bases.update(_REGULAR.split())
EN_BASE_VERBS = frozenset(_bases)

# Past verbs that report something other than a finished task: a said intention, a feeling, a past habit.
EN_NOT_DONE = frozenset(
    "told said promised decided agreed forgot forgotten wanted needed had used tried meant planned thought "
    "hoped asked felt heard saw seen wished was were been liked loved hated missed lost started "
    "began begun learned".split())

# Verbs that make no task after "I'll" / "I want to": a state, a feeling, a request to the assistant.
EN_NOT_ACTION = frozenset(
    "be have see bet guess know hear listen talk chat say understand feel sleep rest die cry "
    "play wonder believe hope think mean like love hate keep crash nap relax chill unwind vent admit confess".split())
# After "I'll" a prediction or a feeling, no task: "i'll miss the meeting on thursday" (people72: kept "miss the meeting");
# asked for they are one ("remind me not to miss the train", "I need to miss work on Friday")
EN_FORESEEN = frozenset("miss enjoy regret forget fail".split())
# "thank" is a task with someone named ("thank the PTA for the goggles"; "thank you" is said to the
# assistant and fails the action's you-test), a wish's "I'd love to thank ..." is none.
EN_WISH_NOT_ACTION = EN_NOT_ACTION | frozenset("eat watch ask go thank".split())

# Words that open a clause and say nothing: fillers, the wake word, a politeness.
EN_FILLERS = frozenset(
    "um umm uh uhh er erm hmm mm oh ah okay ok alright so well yeah yes nah hey jarvis please and also "
    "actually anyway right like oops wait".split())

# Adverbs between the subject, the modal and the verb ("I really need to", "I'll definitely call").
EN_ADVERBS = ("really", "definitely", "also", "still", "just", "probably", "totally", "seriously",
              "absolutely", "actually", "then", "so", "honestly", "certainly", "first", "now", "finally",
              "surely", "maybe", "kinda", "even", "defo", "def", "all")

# Vague times that set no due and are cut from the action ("someday", "at some point").
EN_VAGUE_TIMES = ("someday", "some day", "one day", "sometime", "some time", "eventually", "soon",
                  "later", "asap", "as soon as possible", "at some point", "first thing", "in the future",
                  "before i forget", "real quick", "right away", "again", "as well", "too")

# Words that may end a cut action but never a task: a dangling preposition left by a cut time word,
# a politeness, "anymore".
EN_DANGLING = frozenset(
    "by at on before after until till in this next around about from for every the a of to please okay ok "
    "alright thanks anymore again then too either already or and so instead starting beginning actually wait sorry not "
    "eh yeah huh mate".split())   # tags said at the end: "… before the 15th eh", "… tonight mate": "… before the 15th eh", "… tonight mate"

# Words that cannot start an action: the action must begin with a verb.
EN_NOT_VERB = frozenset(
    "a an the my your his her its our their this that these those you me him them it i we he she they "
    "to of in on at by for some any no not there here what which who".split())

EN_PRONOUNS = frozenset("him her them".split())
# Where a finished task's object ends: a preposition or adverb after it ("… back to the store", "… online").
EN_AFTER_OBJECT = frozenset("to at from in into on onto with for by via back online over through during".split())
EN_PERSON_PRONOUNS = frozenset("i me we us you he him she her they them it this that".split())

# Words that open a question when they come first (a dropped "?" in a transcript).
EN_QUESTION_AUX = frozenset(
    "did do does have has is are am was were can could should will would shall may might".split())
EN_QUESTION_WH = frozenset("what when where who whom why how which whose".split())
EN_QUESTION_AFTER_WH = frozenset(
    "is are was were do does did can could should will would shall may might 's long much many often far "
    "about time day".split())

# Objects and verbs too vague for an agenda: "do it", "go", "call you".
EN_VAGUE_OBJECTS = frozenset("it that this them you something anything everything myself yourself".split())
# "remember" alone: "I'll remember (it myself)" is no task (the sixtieth session kept "remember"); "remember the milk"
# names one, and "remember to call mom" is read as "call mom"
EN_VAGUE_VERBS = frozenset("do go leave come try start finish stop remember".split())
EN_DETERMINERS = frozenset("the a an my your his her our their this that some".split())
# "keep" is a task with a thing to hold on to ("keep all the receipts", "keep those boxes"), not with
# a state ("keep an eye on", "keep my word", "keep you posted").
EN_KEEP_DETERMINERS = EN_DETERMINERS - {"your"} | frozenset("all those these".split())
EN_KEPT_STATES = frozenset("eye eyes word promise head mouth cool distance fingers mind track touch way".split())
# Closure words: states that withdraw, negations, objects that name no task.
EN_DISMISSED_STATES = frozenset("cancelled canceled called off not no unnecessary rained snowed".split())
EN_NEGATION = frozenset("not n't never didn't haven't hasn't don't can't couldn't".split())
EN_OBJECT_PRONOUNS = frozenset("it that this them everything all".split())

# ---------------------------------------------------------------- Korean

# Sentence fillers the action leaves out.
KO_FILLERS = frozenset("음 어 아 그 저 저기 뭐지 그러니까 그니까 그리고 근데 일단 아무튼 그럼 그래서 자 혹시 이제 그냥".split())
# Adverbs that say how or when vaguely, not what: cut from the action.
KO_VAGUE_ADVERBS = frozenset(
    "꼭 좀 반드시 빨리 얼른 언젠가 나중에 이따가 이따 곧 이제 오늘 내일 모레 글피 지금 당장 일단 그냥 "
    "진짜 정말 아마 제발 미리 먼저 꼭좀 한번 이미 벌써 방금 드디어 다 대신 언제 조만간 언제든 언제든지 일찍".split())   # 언제 한번: some time
# The user themself as a subject.
KO_SELF = frozenset("나 저 우리 내 제 저희".split())
KO_POINTERS = frozenset("그거 그것 그걸 그건 그거를 그것을 이거 이것 이걸 이건 저거".split())   # "그거 해줘야 돼"
# -려고 (a plan), also as said and written colloquially: 할려고 (Kiwi: ᆯ려고), 먹을려고
KO_PLAN_ENDINGS = frozenset("려고 으려고 려고요 으려고요 ᆯ려고 을려고 ᆯ려고요 을려고요".split())
KO_FORGET_STEMS = frozenset("잊 잊어버리 까먹".split())
# A result that says the deed before it is done: "트럭 검사 통과했다" (the inspection was had).
KO_PASSED = frozenset("통과 합격".split())
# Times long before any open promise: a deed then is a memory ("작년엔 ... 했었지"), not a closing.
KO_REMOTE_PAST = frozenset("작년 재작년 지난해 예전 옛날 왕년".split())   # 잊지 말고 / 까먹지 말고: "don't forget to"
# People a topic particle (은/는) makes the doer: "동생은 이사 나가야 한대".
KO_PEOPLE = frozenset(
    "동생 엄마 아빠 어머니 아버지 형 누나 언니 오빠 남편 아내 와이프 부인 친구 상사 팀장 부장 과장 사장 선생님 "
    "할머니 할아버지 아들 딸 걔 걔네 그 그녀 그분 애 애들 아이 사람 남친 여친 남자친구 여자친구 동료 가족 "
    "선배 후배 교수 교수님 의사 사장님 이모 삼촌 고모".split())
# Verbs that after "-고 싶어" are a feeling or a need, not a task ("보고 싶어" = I miss you).
KO_WISH_NOT_ACTION = frozenset("보 자 쉬 먹 놀 알 듣 죽 울 살 있 되 웃 마시".split())
# Verbs before "-고" that mark when, not a second task ("퇴근하고 6시에").
KO_SEQUENCE_STEMS = frozenset("퇴근 출근 끝나 일어나 도착 마치 들어오 돌아오 자 일어 하교 등교 수업".split())
# Verbs before "-고" that take someone or something along on the deed after ("지아 데리고 치과 가야 돼",
# "엄마 모시고 병원 가기"): one task, not two.
KO_ALONG_STEMS = frozenset("데리 모시 업 태우".split())
# Predicates that finish a task.
EN_RESULT_STATES = frozenset("done finished ready sent submitted fixed written booked cleaned repaired signed "
                             "filed printed delivered paid".split())
KO_CHAT_VERBS = frozenset("놀 쉬 자 얘기하 이야기하 대화하".split())   # "놀자": no task to keep
KO_CHAT_NOUNS = frozenset("얘기 이야기 대화 수다 게임 농담".split())
KO_DONE_STEMS = frozenset("끝나 끝내 마치 마무리 완료 해결 처리 끝".split())
# Past predicates that are no finished task: a state, a happening.
KO_NOT_DONE_STEMS = frozenset("되 있 없 이 아니 싶 같 좋 생각 모르 알 잊 잊어버리 까먹 말하 듣 "
                              # "다리가 많이 나아졌어요", "애들이 오늘 너무 신났어요" (the sixty-second session: "잘하셨어요.
                              # 할 일 목록에 없던 일이라 …"): how one is or feels, no deed done
                              "나아지 좋아지 괜찮아지 심해지 신나 지치".split())
# Nouns that "알려줘" asks about rather than asks to be reminded of.
KO_INFO_NOUNS = frozenset("날씨 시간 뉴스 요일 날짜 기온 온도 환율 주가 점수 결과 방법 위치 길 답".split())
# Hearsay and quotation endings: someone else said it ("보내준대", "내래").
KO_HEARSAY_ENDINGS = frozenset("ᆫ대 대 래 ᆫ대요 대요 래요 ᆫ다더라 다더라 ᆫ다네 다네 ᆫ단다 ᆫ다나".split())
# Question endings (with or without "?").
KO_QUESTION_ENDINGS = frozenset("니 냐 나 까 ᆯ까 을까 ᆯ까요 을까요 ᆸ니까 습니까 ᆫ가 는가 는지 ᆫ지 남 냐고 나요 ᆫ가요 는가요".split())
KO_QUESTION_WORDS = frozenset("뭐 무엇 뭘 언제 어디 누구 누가 왜 몇 무슨 어떻게 얼마 어느 어떤 웬".split())

# Endings and words of the Korean promise rules.
KO_PAST = frozenset("었 았 었었 았었 ᆻ".split())
KO_PUNCT_TAGS = frozenset("SF SP SS SE SO SW".split())
KO_PROMISSIVE = frozenset("ᆯ게 을게 ᆯ게요 을게요 ᆯ께 을께 ᆯ께요 을께요 ᆯ래 을래 ᆯ래요 을래요".split())
KO_REASON_ENDINGS = frozenset("니까 으니까 니깐 라 이라 라서 이라서 는데 ᆫ데 은데 거든 면 으면 지만 는데도".split())
KO_VAGUE_WORDS = frozenset("하기 그거 이거 저거 그것 이것 그건 이건 거".split())   # "그거 할게" names no task
KO_EVENT_NOUNS = frozenset("예약 약속 회의 미팅 면접 시험 수업 진료 비행기 비행 발표 마감 상담 레슨 모임 회식 고사 "
                           "중간고사 기말고사 모의고사 수능 면담 점검 팀플 스터디 "
                           # "애들 수영 강습 토요일 오전 9시" (the fifty-seventh session: to SmolLM2)
                           "강습 연습 경기 시합 공연 대회 훈련 세미나 워크숍 행사 파티 리허설 "
                           # "준이 어린이집 하원 4시 반", "예방접종 다음 주 화요일 오전" (the fifty-ninth session: to SmolLM2)
                           "하원 등원 하교 접종 예방접종 검진 건강검진 조문 문상 "
                           # "우유 납품 내일 아침 7시" (the sixtieth session: to SmolLM2, and "우유 납품 왔어" closed nothing)
                           "납품 입고 배송 배달 도착 "
                           # "화학 기말 다음 주 수요일 9시", "물리치료 주 2회 화요일 금요일", "22일 10시 15분 외래 진료"
                           # (the sixty-first session: the first two to SmolLM2)
                           "기말 퀴즈 쪽지시험 치료 물리치료 재활 외래 "
                           # "다음 달 초에 신입 환영회" (the sixty-first session: said back by SmolLM2)
                           "환영회 송별회 송년회 신년회 망년회 정모 총회 야유회 동창회 엠티 "
                           # "첫째 축구 토요일 9시", "비자 인터뷰 15일 오전 10시", "할머니 토요일 정오 도착 마중" (the
                           # sixty-second session: to SmolLM2)
                           "축구 야구 농구 배구 태권도 발레 인터뷰 마중 배웅 "
                           # "임신성 당뇨 검사 일월 십오일에 있어", "집들이 다음 달 둘째 주 토요일에 하기로 했어" (the
                           # sixty-fourth session: to SmolLM2)
                           "검사 초음파 "
                           # "낼 오후 세시에 인계 교육 있어" (the sixty-fifth session: to SmolLM2)
                           "교육 연수 설명회 오리엔테이션 오티 "
                           # "카페 알바 수요일이랑 금요일 저녁 여섯시부터야" (the sixty-fifth session: "그렇군요.")
                           "알바 아르바이트".split())
# errands said as a note, a run of nouns ending in the deed's noun and its time after ("설 선물 세트 주문 이번 주 안에",
# the fifty-ninth session: to SmolLM2, and "… 주문 완료" then closed nothing): kept by that time, as a deadline
KO_ERRAND_NOUNS = frozenset("주문 신청 제출 결제 발송 접수 등록 구매 납부 송금 이체 회신 답장 반납 환불 반품 갱신 "
                            "예매 정산 수리 교체 해지 "
                            # "부가세 신고 25일까지" (the sixtieth session: to SmolLM2, and "부가세 신고 그거 언제였지?" then
                            # found nothing)
                            "신고 발주 입금 전출 전입 "
                            # "이따 저녁에 회원 명단 정리" (the sixty-first session: to SmolLM2)
                            "정리 소독 "
                            # "환전은 월말까지" (the sixty-second session: to SmolLM2)
                            "환전".split())
# ... of them, the ones whole without the thing they are done to ("환전은 월말까지"; not "신청 월말까지")
KO_WHOLE_ERRANDS = frozenset("환전".split())
# the days one keeps for themselves ("다음 달 5일 엄마 생일"): kept on that day (said without 까지), and apart from an
# errand for them ("엄마 생일 선물 사기")
# the places one has an appointment at: "내일 아침 아홉시 치과" (the fifty-sixth session: to SmolLM2), on that day too
# The same said in English inside a Korean sentence ("내일 오후 3시에 standup meeting 있어", "금요일 2시 interview";
# the sixty-second session: to SmolLM2), compared case-folded
KO_LATIN_EVENT_NOUNS = frozenset("meeting meetings standup stand-up sync interview appointment exam test quiz class lesson "
                                 "session workshop seminar presentation demo review call party dinner lunch flight concert "
                                 "game match practice rehearsal checkup webinar conference deadline".split())
KO_VISITS = frozenset("치과 병원 안과 피부과 소아과 내과 이비인후과 정형외과 한의원 미용실 필라테스 요가 과외 학원 "
                      # "이삿짐 센터 28일 오전 8시" (the sixtieth session: to SmolLM2, and "이삿짐 센터 몇 시였지?" too)
                      "센터 동물병원".split())
KO_OCCASIONS = frozenset("생일 생신 기념일 결혼기념일 제사 결혼식 돌잔치 집들이 환갑 칠순 졸업식 입학식 장례식 발인 "
                         "개학 방학식 운동회 상견례 이사".split())
KO_DECLARATIVE_FORMAL = frozenset("습니다 ᆸ니다 어요 아요 에요 예요 요".split())
# Stems that make no task before -겠습니다: "알겠습니다" (understood), "감사하겠습니다".
KO_NOT_ACTION_STEMS = frozenset("알 모르 감사 고맙 죄송 미안 괜찮 좋 그렇".split())
# Verbs whose "-겠다" is a guess, not a resolution: "늦겠다", "비 오겠다", "큰일 나겠다".
KO_GUESS_STEMS = frozenset("늦 나 오 되 죽 떨어지 망하 걸리 생기 터지 끝나 지나 모르 알 있 없".split())
# Words of agreeing after "-기로" (약속했어) and of telling after "-다고" (말했어, 얘기했어).
KO_AGREE_NOUNS = frozenset("약속 결정 합의 결심 계획 얘기 이야기 말".split())
KO_SPEECH_NOUNS = frozenset("말 약속 얘기 이야기".split())
EN_SAME_PAST = frozenset("put cut set hit let shut quit read spread".split())   # past = base
KO_VAGUE_ADVERB_WORDS = frozenset("이번엔 이번에는 이번에 꼭 그냥 좀 다시 한번 한 번 빨리 얼른 미리 같이 잘".split())
KO_GENERIC_NOUNS = frozenset("약속 일 거 것 건 계획 일정 예약 얘기".split())   # "그 약속은 없던 걸로"
KO_QUOTE_ENDINGS = frozenset("다고 ᆫ다고 는다고 라고 이라고 자고 냐고 느냐고 으라고".split())

# ---------------------------------------------------------------- English closing phrases

EN_SUBJECT = r"\b(?:i|we)"
EN_CLAUSE_START = re.compile(r"[,;]\s*|\b(?:but|and|so|now|also)\s+")
EN_CLAUSE_END = re.compile(r"\s*[,;]|\s+(?:because|since|cause|but|so|and\s+(?:i|we|my|she|he|they)|and\s+now)\b|"
                         r"\s+(?:now\s+)?(?:i|we)(?:'|\s)|"     # a new subject: "I sent it I still need to"
                         # "forget the landlord thing he called me": someone else's deed after the thing named
                         r"\s+(?:he|she|they)(?:'s|\s+(?:\w+ed|said|told|is|was|did|got|came|went|took|has|had|will|already|just))\b|"
                         # "never mind the cookies the teacher says no homemade food": someone saying something
                         r"\s+(?=(?:the|my|his|her|their|our)\s+[\w'-]+\s+(?:says|said|is|was|wants|told|does|doesn't|can't|won't)\b)")
# (the reference at most 120 characters: with `+?` each clause of a long turn was read to the turn's end, quadratic:
# "monday and friday at 2 " said 800 times took 0.6 s, the fifty-seventh session)
EN_DONE_STATE = re.compile(
    r"(?P<ref>[\w' -]{1,120}?)(?:\s+(?:is|are|was|were|has\s+been|have\s+been|got)|'s\s+been|'s|'re|\s+went(?=\s+through))\s+"
    r"(?:(?:all|already|finally|now|totally|completely|officially)\s+)*"
    r"(?P<state>done|finished|complete|completed|sent|paid|booked|submitted|handled|sorted|taken\s+care\s+of|"
    r"dealt\s+with|cancelled|canceled|called\s+off|off|not\s+needed|no\s+longer\s+needed|not\s+necessary|"
    r"unnecessary|through|clean|spotless|tidy|ready|packed|charged|"
    # "soccer got rained out" (the sixty-fifth session's family: SmolLM2 "The game of soccer has been ruined by a storm")
    r"rained\s+out|snowed\s+out)\b")
# "the dentist went fine", "the interview went really well": an event told as over, so the appointment is kept (the
# sixty-fifth session's week: "I see.", the dentist left open); only after "went" ("mom is fine" closes nothing)
EN_WENT_STATE = re.compile(
    r"(?P<ref>[\w' -]{1,120}?)\s+went\s+(?:(?:really|pretty|very|super|quite|all)\s+)?"
    r"(?P<state>well|fine|okay|ok|great|smoothly|alright|all\s+right|badly|ok(?:ay)?\s+i\s+guess)\b")
# "the meeting's over", "the interview is finally over" (not "game over", with no verb; not "mom is over at my place")
EN_OVER_STATE = re.compile(r"(?P<ref>[\w' -]{1,120}?)(?:'s|\s+is|\s+was)\s+(?:(?:finally|all|already|now)\s+)?(?P<state>over)\W*$")
# "the tires are on", "the recycling's out", "the form's in": a thing where the promise puts it; it
# closes only a promise that says the same particle ("put the winter tires on", "take the recycling out")
EN_PARTICLE_STATE = re.compile(
    r"(?!(?:i|we|you|he|she|they|it)\b)(?P<ref>(?:(?:the|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?)(?:'s|'re|\s+(?:is|are))\s+"
    r"(?:(?:all|already|finally|now)\s+)*(?P<state>on|in|out|up|back|away)(?:\s+(?:now|already|finally))?\W*$")
# "Joon's gonna call the insurance company", "my husband said he'll grab Ethan from hockey", "Dana is
# handling the shift swap": someone else takes the deed on; it withdraws the user's promise of the same
# deed only (`naming.same_deed`), never one that merely shares its words ("my sister has to move out")
EN_TAKEN_ON = re.compile(
    r"(?P<who>(?:my|our|his|her|their)\s+(?:husband|wife|partner|mom|mum|dad|sister|brother|son|daughter|boss|friend|neighbou?r|"
    r"roommate|colleague|coworker|manager)|(?!(?:i|we|you|it|that|this|there|he|she|they)\b)[a-z][\w-]+)"
    r"(?:'s|\s+is|\s+has)?\s+(?:(?:gonna|going\s+to|will|'ll|offered\s+to|agreed\s+to|said\s+(?:he|she|they)(?:'d|'ll|\s+would|\s+will))"
    r"\s+(?:just\s+)?(?P<ref>(?!be\b|have\b)[a-z][\w' -]+?)|(?:taking\s+care\s+of|handling|sorting(?:\s+out)?|dealing\s+with)"
    r"\s+(?P<thing>[\w' -]+?)"
    # "Min-su's picking up the cake himself": doing it, said in progress with who does it
    r"|(?P<doing>[a-z]+ing(?:\s+(?:up|off|out|back|over|in))?\s+[\w' -]+?)\s+(?:himself|herself|themselves|instead))"
    r"(?:\s+(?:instead|for\s+me|after\s+all|now|then|today|tonight|tomorrow))*"
    r"(?:\s*(?:,\s*)?so\s+(?:you\s+can\s+|just\s+)?(?:scratch|drop|cancel|forget|delete|remove)\s+(?:that|it)(?:\s+off)?)?\W*$")
# "Daniel got the photos", "Minho has his new hours now", "the ginseng arrived in Toronto safely": the
# thing reached whoever it was for; it closes a promise to give it (`EN_GIVING_VERBS`) that names it
EN_RECEIVED = re.compile(
    r"(?:(?:okay|ok|so|well|oh|alright|yeah|um|uh)[\s,]+)*(?:(?P<who>(?!(?:i|we|you|it|that|this|there)\b)[a-z][\w-]+|(?:my|our)\s+[a-z][\w-]+)(?:'s|\s+has)?\s+"
    r"(?:got|gotten|received|has|have|now\s+has)\s+(?:(?:the|his|her|their|my|our|a|an)\s+)?"
    r"(?P<thing>[a-z][\w' -]*?)|(?:the|my|our)\s+(?P<item>[a-z][\w' -]*?)\s+(?:arrived|got\s+there|came\s+through|was\s+delivered)"
    r"(?:\s+(?:in|at|to)\s+[\w' -]+?)?)(?:\s+(?:now|already|safely|fine|okay|ok|today|yesterday))*(?=\W*$|\s*,)")
EN_GIVING_VERBS = frozenset("send give mail email text bring drop deliver return pass forward ship post lend hand show".split())
# "Priya's pull request is reviewed": a participle of a task verb after "is" / "are" / "has been".
EN_DONE_PARTICIPLE = re.compile(
    r"(?P<ref>[\w' -]{1,120}?)(?:\s+(?:is|are|has\s+been|have\s+been|got)|'s\s+been|'s|'re)\s+(?:(?:all|already|finally|now)\s+)*"
    r"(?!(?:moved|postponed|rescheduled|pushed|delayed|changed|updated|extended|shifted|bumped)\b)"   # a new time, not done
    r"(?P<state>(?:re)?[a-z]+ed|sent|paid|done|written|taken|bought|made|fixed)\b(?=(?:\s+and\s+(?!(?:i|we)\b)[\w' ]{1,40}?)?\W*$|\s*,"
    # a run-on clause after it, as a transcript has it: "the license is renewed did it online", "mailed cost me a fortune"
    r"|\s+(?:did|took|cost|was|were|it|she|he|they|we|i|so|finally|just|online|today|yesterday)\b)")
# "expense report submitted finally", "PR merged": a participle said without its auxiliary, at the end
# (only the participles of finishing a task: "the meeting started" or "my sister booked" say no such thing)
EN_DONE_BARE = re.compile(
    r"(?!(?:my|our|his|her|their)\s+(?:mom|mum|dad|sister|brother|wife|husband|son|daughter|boss|friend)\b)"
    r"(?!(?:he|she|they|mom|dad)\b)"
    r"(?P<ref>(?:(?:the|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?P<state>submitted|merged|shipped|deployed|sent|"
    r"paid|done|booked|fixed|signed|filed|ordered|delivered|finished|completed|returned|renewed|printed|uploaded|"
    r"posted|cleaned|sorted|handled|approved)(?P<to>\s+to\s+(?:my\s+|the\s+)?[\w'-]+)?"   # "padala sent to mama"
    r"(?:,?\s+(?:finally|already|at\s+last|now|just\s+now))?"
    r"(?:\W*$|\s*,|\s+(?=(?:they|she|he|we|took|cost|did)\b))")   # "sneakers ordered they come friday"
# "the truck passed inspection", "car's passed its roadworthy": a check passed is the check had (the
# booking or the visit for it done); not someone else's ("my sister passed her driving test").
EN_PASSED = re.compile(
    r"(?!(?:my|our|his|her|their)\s+(?:mom|mum|dad|sister|brother|wife|husband|son|daughter|boss|friend|kid)s?\b)"
    r"(?!(?:he|she|they|i|we)\b)"
    r"(?P<ref>(?:(?:the|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?)(?:'s|\s+has)?\s+(?:passed|cleared|got\s+through)\s+"
    r"(?:(?:its|the|her|his|their)\s+)?(?P<check>inspection|rego|roadworthy|emissions\s+test|smog\s+check|mot|audit|"
    r"safety\s+check|check-?up|service)\b")
# "the printer works again", "it's working now", "the heater runs fine now": a thing that was to be fixed,
# checked or called about works again (the promise about it is done); not someone else's ("my dad works now")
EN_WORKS_AGAIN = re.compile(
    r"(?!(?:my|our|his|her|their)\s+(?:mom|mum|dad|sister|brother|wife|husband|son|daughter|boss|friend|kid)s?\b)"
    r"(?!(?:he|she|they|i|we|you)\b)"
    r"(?P<ref>(?:(?:the|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?)(?:\s+(?:works|runs|is\s+working|is\s+running)|'s\s+(?:working|running))"
    r"\s+(?:(?:fine|properly|perfectly|ok|okay|again|now|just\s+fine)\b\s*){1,3}\W*$")
EN_DONE_WITH = re.compile(r"(?:(?:i|we)(?:'m|'re|\s+am|\s+are)\s+)?(?:all\s+)?(?:done|finished|through)\s+with\s+")
EN_DISMISS_IMP = re.compile(
    r"(?:please\s+)?(?:(?:don't|do\s+not|stop)\s+remind(?:ing)?\s+me\s+(?:about\s+|to\s+)?|"
    r"(?:cancel|delete|remove)\s+(?:my|the)\s+reminders?\s+(?:about|for|to)\s+|forget\s+(?:about\s+)?|(?:never\s*mind|nvm)\s*(?:about\s+)?|cancel\s+|scratch\s+|"
    r"(?:don't|do\s+not)\s+worry\s+about\s+|no\s+need\s+to\s+|stop\s+reminding\s+me\s+(?:about\s+|to\s+)?|"
    r"(?:remove|delete|take)\s+(?=.*\b(?:from|off)\s+(?:my|the)\s+(?:list|agenda|reminders)))")
EN_DISMISS_NEG = re.compile(
    EN_SUBJECT + r"(?:\s+(?:do\s+not|don't)\s+think\s+(?:that\s+)?(?:i|we)(?:\s+(?:need|have)\s+to|'ll|\s+will|\s+should)|"
    r"\s+(?:do\s+not|don't|dont|no\s+longer|won't|will\s+not)(?:\s+really)?(?:\s+(?:need|have)\s+to)?|"
    r"(?:'m|\s+am|'re|\s+are)\s+not\s+(?:going\s+to|gonna)|'ll\s+not|\s+shouldn't|\s+can\s+(?:skip|forget\s+about)|"
    r"\s+need\s+not)\s+")
EN_LIST_TAIL = re.compile(r"\s+(?:from|off)\s+(?:my|the)\s+(?:list|agenda|reminders)\b.*$")


# A withdrawal said not to happen: "don't cancel the call to Bob", "I won't cancel the dentist", "밥 전화는 취소하지 마",
# "보고서 지우지 마" (found by the forty-second session: each cancelled the promise it keeps)
EN_KEEP = re.compile(r"\b(?:(?:i|we|you|they)(?:'m|'re|\s+am|\s+are)?\s+)?(?:don'?t|do\s+not|never|won'?t|will\s+not|shouldn'?t|should\s+not|mustn'?t|must\s+not|"
                     r"can'?t|cannot|wouldn'?t|not\s+going\s+to|not\s+gonna|no\s+need\s+to|not)\s+(?:\w+\s+)?"
                     r"(?:cancel|delet|remov|drop|scrap|scratch|forget|erase|clear)\w*", re.IGNORECASE)
# ("회의 취소 안 했어", "취소 못 했어", "standup 취소 안 됐어": not withdrawn; pass 63, each withdrew the promise)
KO_KEEP = re.compile(r"(?:취소|삭제|지우|빼|없애)\s*(?:하)?\s*지\s*(?:마|말|않)|(?:취소|삭제)\s*(?:는\s*)?(?:안|못)\s*(?:해|할|하|했|됐|되|돼)"
                     r"|안\s*(?:지워|빼|취소)|(?:지우|빼)\s*면\s*안\s*(?:돼|되)")

# what a child or an adult has on a day, as an appointment is had ("emma has swimming every tuesday", the seventieth
# session: kept as "emma has swimming", reminded "It's due in 1 hour")
EN_ACTIVITIES = frozenset("swimming ballet dance soccer football basketball baseball softball hockey tennis golf piano "
                          "violin guitar karate judo taekwondo gymnastics tutoring choir band orchestra scouts chess drama "
                          "theater theatre cheer cheerleading lacrosse volleyball rugby cricket fencing climbing "
                          "swim".split())
