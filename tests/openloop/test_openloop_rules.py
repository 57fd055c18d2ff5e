"""The pure open-loop rules, pinned case by case (no I/O, no models)."""

from __future__ import annotations

import logging

import pytest

from jarvisd.openloop import rules
from jarvisd.openloop.model import ClosedRef, LoopStatus, OpenLoop, ProposedLoop

REPORT = "내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해"


def loop(desc: str = "보고서 보내기", due_ms: int | None = None, created_ms: int = 0) -> OpenLoop:
    return OpenLoop(id="a" * 32, desc=desc, status=LoopStatus.OPEN, created_ms=created_ms,
                    updated_ms=created_ms, due_ms=due_ms)


# ---------------------------------------------------------------- grounded

def test_grounded_accepts_a_reworded_promise_whose_evidence_quotes_the_input():
    assert rules.grounded("결과 공유", "배포 끝나면 알려줄게", "배포 끝나면 알려줄게")


def test_grounded_accepts_a_promise_copied_from_the_input_without_evidence():
    assert rules.grounded("분기 보고서 초안 보내기", None, REPORT)


def test_grounded_refuses_a_promise_recalled_from_memory():
    assert not rules.grounded("헬스장 회원권 끊기", "헬스장 가야 해", REPORT)


def test_grounded_refuses_a_reworded_promise_without_evidence():
    assert not rules.grounded("결과 공유", None, "배포 끝나면 알려줄게")


def test_grounded_falls_back_to_the_description_when_the_evidence_is_invented():
    assert rules.grounded("보고서 초안 보내기", "어제 말한 그 건", REPORT)


def test_grounded_ignores_whitespace_and_case():
    assert rules.grounded("SEND REPORT", None, "I must s e n d the report")


def test_grounded_evidence_threshold_is_half_of_its_bigrams():
    # "abcd" -> ab bc cd; the input holds "ab" and "bc" (2/3) but not "cd".
    assert rules.grounded("zzzz", "abcd", "abc")
    assert not rules.grounded("zzzz", "abcdef", "abc")  # 2/5 < 0.5


# ---------------------------------------------------------------- same_loop: the seed's four rules

def test_same_loop_normalized_equal():
    assert rules.same_loop("Call mom tonight", "call  Mom tonight!")


def test_same_loop_shorter_contained_in_longer():
    assert rules.same_loop("로그 확인해줘", "내일 배포 전에 로그 확인해줘")


def test_same_loop_containment_needs_six_characters():
    assert not rules.same_loop("로그", "내일 배포 전에 로그 확인해줘")


def test_same_loop_by_cosine_at_the_threshold():
    assert rules.same_loop("참석자 목록 확정", "참석자들의 최종 리스트 확정", cosine=0.92, threshold=0.85)
    assert rules.same_loop("a b c", "x y z", cosine=0.85, threshold=0.85)
    assert not rules.same_loop("참석자 목록 확정", "참석자들의 최종 리스트 확정", cosine=0.84, threshold=0.85)


def test_same_loop_by_bigram_jaccard_for_a_reworded_duplicate():
    assert rules.jaccard("치과 예약하기", "치과 예약 잡기") >= 0.4
    assert rules.same_loop("치과 예약하기", "치과 예약 잡기")


def test_same_loop_without_cosine_uses_text_rules_only():
    assert not rules.same_loop("운동 등록하기", "헬스장 회원권 끊기", cosine=None)


def test_same_loop_empty_text_is_never_a_match():
    assert not rules.same_loop("", "")
    assert not rules.same_loop("!!", "보고서")


# ---------------------------------------------------------------- the substitution guard

@pytest.mark.parametrize(("a", "b"), [
    ("치과 예약하기", "안과 예약하기"),
    ("Review Sarah's pull request", "merge Sarah's pull request"),
    ("Book a dentist appointment", "cancel the dentist appointment"),
    ("엄마한테 전화하기", "아빠한테 전화하기"),
    ("Buy milk on the way home", "buy flowers on the way home"),
    ("보고서 보내기", "보고서 받기"),
    ("부산 서울역 가기", "부산 서울대 가기"),
    ("10시 회의", "11시 회의"),
    ("Email Bob", "email Rob"),
    ("call mom tonight", "call mom tomorrow"),
])
def test_same_loop_refuses_a_one_word_substitution_the_jaccard_rule_alone_would_merge(a, b):
    assert not rules.same_loop(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("치과 예약하기", "치과 예약 취소하기"),
    ("Call mom", "Don't call mom"),
    ("보고서 보내기", "보고서 보내지 않기"),
])
def test_same_loop_refuses_a_pair_where_one_side_turns_the_promise_around(a, b):
    assert not rules.same_loop(a, b)


def test_jaccard_alone_would_merge_the_issue_examples():
    """The measurements in the issue: the guard is what keeps these apart."""
    assert rules.jaccard("치과 예약하기", "안과 예약하기") == pytest.approx(0.67, abs=0.01)
    assert rules.jaccard("Review Sarah's pull request", "merge Sarah's pull request") == pytest.approx(0.65, abs=0.01)
    assert rules.jaccard("Book a dentist appointment", "cancel the dentist appointment") == pytest.approx(0.5, abs=0.01)


def test_substitution_needs_a_new_word_on_both_sides():
    assert rules.is_substitution("치과 예약하기", "안과 예약하기")
    assert not rules.is_substitution("로그 확인해줘", "내일 배포 전에 로그 확인해줘")  # elaboration
    assert not rules.is_substitution("Renew the car insurance", "renew car insurance before it lapses")


@pytest.mark.parametrize(("w", "v", "match"), [
    ("공유", "공유하기", True),
    ("엄마한테", "엄마에게", True),
    ("확인해줘", "확인하기", True),
    ("초안", "초안을", True),
    ("report", "reports", True),
    ("sarah's", "sarah", True),
    ("치과", "안과", False),
    ("신고서", "신청서", False),
    ("서울역", "서울대", False),
    ("call", "cancel", False),
])
def test_words_match_up_to_inflection_only(w, v, match):
    assert rules.words_match(w, v) is match


@pytest.mark.parametrize(("word", "stem"), [
    ("reports", "report"), ("booking", "book"), ("booked", "book"), ("boxes", "box"), ("sarah's", "sarah"),
    ("reviewers's", "reviewer"),  # the possessive first, then one suffix
    ("goes", "goe"), ("yes", "yes"), ("bus", "bus"), ("sing", "sing"), ("red", "red"),  # >= 3 letters stay
    ("appointment", "appointment"), ("'s", ""), ("s", "s"),
])
def test_english_key_takes_off_one_english_ending_and_keeps_three_letters(word, stem):
    from jarvisd.language import english_key

    assert english_key(word) == stem


def test_the_guard_does_not_block_the_embedding_rule():
    assert rules.same_loop("참석자 목록 확정", "참석자들의 최종 리스트 확정", cosine=0.97, threshold=0.97)


def test_same_loop_text_rules_meet_the_targets_on_the_dev_pairs(dev_pairs):
    """Issue targets: 0 false merges, accuracy >= the seed's 0.56 for text rules alone."""
    results = [(label, rules.same_loop(a, b)) for label, a, b in dev_pairs]
    false_merges = [pair for pair, (label, same) in zip(dev_pairs, results, strict=True)
                    if same and label == "diff"]
    accuracy = sum((label == "same") == same for label, same in results) / len(results)
    assert false_merges == []
    assert accuracy >= 0.56
    assert accuracy >= 0.9  # measured 0.92 (22/24); a drop means a rule regressed


def test_every_diff_dev_pair_is_a_substitution(dev_pairs):
    assert all(rules.text_merge_blocked(a, b) for label, a, b in dev_pairs if label == "diff")


# ---------------------------------------------------------------- merge_loop

def test_merge_loop_takes_the_new_due_and_nothing_else():
    old = loop("보고서 보내기", due_ms=1000)
    merged = rules.merge_loop(old, ProposedLoop(desc="분기 보고서 보내기", due_ms=2000, evidence="x"))
    assert merged.due_ms == 2000
    assert (merged.desc, merged.evidence, merged.id, merged.created_ms) == (old.desc, old.evidence, old.id, 0)


def test_merge_loop_without_a_new_due_returns_the_existing_loop_unchanged():
    old = loop(due_ms=1000)
    assert rules.merge_loop(old, ProposedLoop(desc="보고서 보내기")) is old


# ---------------------------------------------------------------- dismisses

def test_dismissal_that_names_the_promise_closes_it():
    assert rules.dismisses("보고서는 취소됐어", "분기 보고서 초안을 팀장님께 보내기")


def test_dismissal_that_does_not_name_the_promise_does_not_close_it():
    assert not rules.dismisses("그건 취소됐어, 안 챙겨도 돼", "분기 보고서 초안을 팀장님께 보내기")


@pytest.mark.parametrize("text", [
    "보고서 안 해도 돼", "보고서 보내지 마, 하지 마", "보고서 이제 그만해", "보고서 필요 없어졌어",
    "보고서 안 챙겨도 돼", "보고서 안해도 돼",
])
def test_every_korean_dismissal_phrase_counts(text):
    assert rules.dismisses(text, "보고서 보내기")


@pytest.mark.parametrize("text", [
    "cancel the dentist appointment", "never mind the dentist appointment",
    "I don't need the dentist appointment", "no need for the dentist appointment",
    "forget about the dentist appointment",
])
def test_every_english_dismissal_phrase_counts(text):
    assert rules.dismisses(text, "Book a dentist appointment")


def test_dismissal_without_a_dismissal_word_does_not_close():
    assert not rules.dismisses("보고서 보냈어", "보고서 보내기")  # completion is the judge's call
    assert not rules.dismisses("the dentist appointment is at 3", "Book a dentist appointment")


def test_dismissal_of_one_promise_leaves_another_alone():
    assert not rules.dismisses("cancel that", "Call mom tonight")
    assert not rules.dismisses("치과 예약 취소해", "엄마한테 전화하기")


# ---------------------------------------------------------------- expiry

def test_loop_with_due_expires_after_the_grace_period():
    hour = 3_600_000
    item = loop(due_ms=10 * hour)
    assert not rules.is_expired(item, 16 * hour - 1, 6 * hour, 168 * hour)
    assert rules.is_expired(item, 16 * hour, 6 * hour, 168 * hour)


def test_loop_without_due_expires_at_max_age():
    day = 86_400_000
    item = loop(created_ms=0)
    assert not rules.is_expired(item, 7 * day - 1, 6 * 3_600_000, 7 * day)
    assert rules.is_expired(item, 7 * day, 6 * 3_600_000, 7 * day)


def test_a_due_overrides_the_max_age():
    day = 86_400_000
    item = loop(created_ms=0, due_ms=30 * day)
    assert not rules.is_expired(item, 10 * day, 6 * 3_600_000, 7 * day)


# ---------------------------------------------------------------- parse_judgement

def test_parse_judgement_reads_promise_due_and_evidence_in_the_users_zone(seoul, local_ms):
    j = rules.parse_judgement(
        "open_loops:\n- 보고서 보내기 @2026-10-16 15:00 (근거: 내일 오후 3시까지 보고서 보내야 해)\n"
        "closed_loops:\n- [2]\n", seoul)
    assert j.opened == (ProposedLoop("보고서 보내기", local_ms("2026-10-16 15:00"), "내일 오후 3시까지 보고서 보내야 해"),)
    assert j.closed == (ClosedRef(index=2),)
    assert j.dropped == ()


def test_parse_judgement_same_wall_clock_differs_by_zone(seoul):
    from zoneinfo import ZoneInfo

    text = "open_loops:\n- x @2026-10-16 15:00\n"
    seoul_ms = rules.parse_judgement(text, seoul).opened[0].due_ms
    berlin_ms = rules.parse_judgement(text, ZoneInfo("Europe/Berlin")).opened[0].due_ms
    assert berlin_ms - seoul_ms == 7 * 3_600_000  # Seoul UTC+9, Berlin CEST UTC+2 on that day


def test_parse_judgement_drops_each_malformed_item_alone_and_logs_it(seoul, caplog):
    text = ("open_loops:\n- 보고서 보내기 @내일 3시\n- 우유 사기\n- @2026-10-16 10:00\n- 치과 @2026-02-30 10:00\n"
            "closed_loops: [1], [x]\n- [0]\n- 치과 예약\n")
    with caplog.at_level(logging.DEBUG, logger="jarvisd.openloop.rules"):
        j = rules.parse_judgement(text, seoul)
    assert [p.desc for p in j.opened] == ["우유 사기"]
    assert j.closed == (ClosedRef(index=1), ClosedRef(phrase="치과 예약"))
    assert j.dropped == ("보고서 보내기 @내일 3시", "@2026-10-16 10:00", "치과 @2026-02-30 10:00", "[x]", "[0]")
    assert caplog.text.count("dropped") == 5


def test_parse_judgement_empty_sections_and_chatter(seoul):
    j = rules.parse_judgement("생각해 보면...\nopen_loops: 없음\nclosed_loops: none\n", seoul)
    assert (j.opened, j.closed, j.dropped) == ((), (), ())


def test_parse_judgement_accepts_a_date_without_time_as_end_of_day(seoul, local_ms):
    j = rules.parse_judgement("open_loops:\n1. 세금 신고서 제출 @2026-10-31\n", seoul)
    assert j.opened[0].due_ms == local_ms("2026-10-31 23:59")


def test_parse_judgement_reads_several_numbers_on_one_line(seoul):
    j = rules.parse_judgement("closed_loops:\n- [1] 보고서 보내기, [3]\n", seoul)
    assert j.closed == (ClosedRef(index=1), ClosedRef(index=3))


def test_format_open_loops_numbers_newest_first_with_local_due(seoul, local_ms):
    shown = [loop("보고서 보내기", due_ms=local_ms("2026-10-12 10:00")), loop("우유 사기")]
    assert rules.format_open_loops(shown, seoul) == "[1] 보고서 보내기 (기한 2026-10-12 10:00)\n[2] 우유 사기"


def test_same_loop_text_rules_merge_no_new_minimal_pair():
    """Pairs written after the dev set (tests/openloop/data/minimal-pairs.tsv): one changed word,
    a negation, a time; none may merge. Two synonym rewordings are known misses (차/자동차, 엄마/어머니)."""
    import csv
    from pathlib import Path

    with (Path(__file__).parent / "data" / "minimal-pairs.tsv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    merged_diff = [(r["a"], r["b"]) for r in rows if r["label"] == "diff" and rules.same_loop(r["a"], r["b"])]
    missed = [(r["a"], r["b"]) for r in rows if r["label"] == "same" and not rules.same_loop(r["a"], r["b"])]
    assert merged_diff == []
    assert missed == [("차 보험 갱신하기", "자동차 보험 갱신하기"), ("엄마 생신 선물 사기", "어머니 생일 선물 구매")]


def test_first_same_loop_decides_exactly_like_same_loop_pair_by_pair(dev_pairs):
    import csv
    from pathlib import Path

    with (Path(__file__).parent / "data" / "minimal-pairs.tsv").open(encoding="utf-8") as fh:
        extra = [(r["label"], r["a"], r["b"]) for r in csv.DictReader(fh, delimiter="\t")]
    for _label, a, b in dev_pairs + extra:
        for cos in (None, 0.5, 0.9):
            expected = 0 if rules.same_loop(a, b, cos, 0.85) else None
            assert rules.first_same_loop(a, [b], [cos], 0.85) == expected, (a, b, cos)


def test_first_same_loop_returns_the_first_match_in_order():
    others = ["우유 사기", "치과 예약 잡기", "치과 예약하기"]
    assert rules.first_same_loop("치과 예약하기", others) == 1
    assert rules.first_same_loop("안과 예약하기", others) is None
    assert rules.first_same_loop("", others) is None


def test_parse_judgement_ignores_a_code_fence_around_the_answer(seoul):
    j = rules.parse_judgement("```\nopen_loops:\n- 우유 사기\n```\nclosed_loops:\n- [1]\n```", seoul)
    assert [p.desc for p in j.opened] == ["우유 사기"] and j.closed == (ClosedRef(index=1),) and j.dropped == ()


def test_numbered_tasks_are_different_promises():
    from jarvisd.openloop.rules import same_loop

    assert not same_loop("do task1", "do task10")
    assert not same_loop("3층 회의실 예약하기", "4층 회의실 예약하기")


def test_a_withdrawal_for_another_person_withdraws_nothing():
    """The bigram rule matched "민호한테 전화" to "조카한테 … 전화하기" by 한테 and 전화 alone."""
    from jarvisd.openloop.rules import dismissed
    descs = ["조카한테 생일 축하 전화하기"]
    assert dismissed("민호한테 전화 안 해도 돼", descs) == []
    assert dismissed("조카한테 전화 안 해도 돼", descs) == [0]
    assert dismissed("생일 축하 전화 안 해도 돼", descs) == [0]
