from jarvisd.memory.query_words import (
    query_terms,
    strip_particle,
    strip_punctuation,
    term_overlap,
    words_used,
)


def test_punctuation_and_particle_are_stripped_so_seoul_question_finds_residence() -> None:
    assert query_terms("서울에서?") == ["서울"]
    assert term_overlap(query_terms("서울에서?"), "거주지: 서울") == 1.0


def test_common_particles_are_cut_longest_first() -> None:
    assert strip_particle("학교에서는") == "학교"
    assert strip_particle("커피를") == "커피"
    assert strip_particle("친구한테") == "친구"
    assert strip_particle("부산으로") == "부산"


def test_one_letter_particle_needs_a_two_letter_stem() -> None:
    assert strip_particle("나이") == "나이"
    assert strip_particle("차를") == "차를"
    assert strip_particle("사과가") == "사과"


def test_known_limit_noun_ending_in_do_is_cut() -> None:
    assert strip_particle("중요도") == "중요"


def test_non_korean_words_are_left_alone() -> None:
    assert strip_particle("python") == "python"
    assert strip_punctuation("«hello!»") == "hello"


def test_stopwords_and_question_words_carry_no_cue() -> None:
    assert query_terms("내 거주지는 어디야?") == ["거주지"]
    assert query_terms("What is my dog's name?") == ["dog", "name"]


def test_terms_are_unique_and_lowercased() -> None:
    assert query_terms("Seoul seoul SEOUL") == ["seoul"]


def test_item_counts_as_used_when_half_its_words_appear_in_the_answer() -> None:
    assert words_used("알레르기: 땅콩", "땅콩 알레르기가 있으시니 빼 드릴게요")
    assert not words_used("알레르기: 땅콩 새우 우유 계란", "우유는 괜찮아요")


def test_two_stacked_particles_are_cut() -> None:
    assert strip_particle("민수랑은") == "민수"
    assert query_terms("엄마의 선물은?") == ["엄마", "선물"]
