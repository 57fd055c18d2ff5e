from jarvisd.memory.deixis import build_recall_query, is_deictic, needs_context


def test_korean_pronouns_and_ago_are_deictic() -> None:
    for text in ("그거 다시 해줘", "아까 말한 거", "이거 기억해", "그걸로 해줘", "그 방식으로 해줘"):
        assert is_deictic(text), text


def test_a_standalone_determiner_before_a_noun_is_deictic() -> None:
    assert is_deictic("그 계획 기억해")
    assert is_deictic("저 식당 어땠지")


def test_english_deixis_is_detected_on_word_boundaries() -> None:
    assert is_deictic("do that again")
    assert is_deictic("the same as before")
    assert not is_deictic("schedule a meeting tomorrow")


def test_plain_requests_are_not_deictic() -> None:
    assert not is_deictic("내일 서울 날씨 알려줘")
    assert not is_deictic("이번 주 일정 정리해줘")


def test_short_utterances_need_context() -> None:
    assert needs_context("응 좋아")
    assert not needs_context("내일 서울 날씨 알려줘")


def test_previous_exchange_is_prepended_only_when_needed() -> None:
    prev = ("대출 이자 계산해줘", "월 상환액은 52만원입니다")
    assert build_recall_query("그거 다시 해줘", prev) == "대출 이자 계산해줘 월 상환액은 52만원입니다 그거 다시 해줘"
    assert build_recall_query("내일 서울 날씨 알려줘", prev) == "내일 서울 날씨 알려줘"
    assert build_recall_query("그거 다시 해줘", None) == "그거 다시 해줘"


def test_recall_query_keeps_the_last_200_chars_of_the_utterance() -> None:
    assert len(build_recall_query("가" * 500)) == 200
