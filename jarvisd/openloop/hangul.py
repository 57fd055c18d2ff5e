"""Hangul syllables by their parts, for rules that turn on how a syllable ends ("할게": closed by ㄹ;
"했다고": by ㅆ). Unicode composes each syllable as 0xAC00 + (initial * 21 + medial) * 28 + final. Pure."""

from __future__ import annotations

_BASE, _MEDIALS, _FINALS, _COUNT = 0xAC00, 21, 28, 11172
NIEUN, RIEUL, SSANG_SIOS = 4, 8, 20   # the finals ㄴ (한, 보낸), ㄹ (할, 들), ㅆ (했, 났)


def final(syllable: str) -> int:
    """The index of the syllable's final consonant (0: none), or -1 for anything but one Hangul syllable."""
    code = ord(syllable) - _BASE if len(syllable) == 1 else -1
    return code % _FINALS if 0 <= code < _COUNT else -1


# digits whose Sino-Korean name ends in a final consonant as the units and sums read them (영, 일, 삼, 육, 칠, 팔, and 구
# as `arithmetic` has always counted it)
_CLOSED_DIGITS = "013678"   # 영 일 삼 육 칠 팔 (and 십, 백, 천, 만 after a 0); 이 사 오 구 are open


def closed(word: str) -> bool:
    """Whether `word` as read aloud ends in a final consonant (은, 이에요 after it): a Hangul syllable by its final,
    a digit by its Sino-Korean name (`_CLOSED_DIGITS`); anything else is open."""
    last = word.rstrip()[-1:]
    return last in _CLOSED_DIGITS if last.isdigit() else final(last) > 0


def copula(word: str) -> str:
    """"이에요" after a word read with a final consonant ("3시 30분이에요"), "예요" after an open one ("3시예요")."""
    return "이에요" if closed(word) else "예요"


def topic(word: str) -> str:
    """The topic particle for `word`: 은 after a final consonant (30분은), 는 after none (24시는, 까지는),
    은(는) when the word does not end in a Hangul syllable."""
    last = final(word.rstrip()[-1:]) if word.strip() else -1
    return "은(는)" if last < 0 else "은" if last else "는"


def subject(word: str) -> str:
    """The subject particle for `word`: 이 after a final consonant, 가 after none (타이머가), 이(가) otherwise."""
    last = final(word.rstrip()[-1:]) if word.strip() else -1
    return "이(가)" if last < 0 else "이" if last else "가"


def medial(syllable: str) -> int:
    """The index of the syllable's vowel (0: ㅏ, 4: ㅓ), or -1 for anything but one Hangul syllable."""
    code = ord(syllable) - _BASE if len(syllable) == 1 else -1
    return (code // _FINALS) % _MEDIALS if 0 <= code < _COUNT else -1


MIEUM = 16   # the final ㅁ (함, 보냄: the noun form text messages end in)


def with_parts(syllable: str, medial_index: int | None = None, final_index: int = 0) -> str:
    """The syllable with its vowel and final replaced (its initial kept): ("냄", final 20) -> "냈"."""
    code = ord(syllable) - _BASE
    initial = code // (_MEDIALS * _FINALS)
    vowel = (code // _FINALS) % _MEDIALS if medial_index is None else medial_index
    return chr(_BASE + (initial * _MEDIALS + vowel) * _FINALS + final_index)


def closed_by(*finals: int) -> str:
    """A regex character class of every syllable whose final is one of `finals` ("[갈날달…]" for ㄹ)."""
    return "[" + "".join(chr(_BASE + i) for i in range(_COUNT) if i % _FINALS in finals) + "]"


def open_with(*medials: int) -> str:
    """A regex character class of every syllable with no final whose vowel is one of `medials` ("[가나다…]"
    for ㅏ): the -아/-어 form of a verb ("따", "줘", "해")."""
    return "[" + "".join(chr(_BASE + i) for i in range(_COUNT) if i % _FINALS == 0
                         and (i // _FINALS) % _MEDIALS in medials) + "]"
