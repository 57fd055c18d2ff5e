"""Payment terms of an invoice (pure rules; the closing room acts): "its net 30", "the invoice is due net 30", said after
an invoice is sent, or said with the promise to send it ("send an invoice to acme for the website project its net 30").
Round 65's low: the terms were dropped (the sixty-fourth session only took them off the deed), so "remind me to follow up
if they haven't paid by the due date" had no due. The payment is due N days after the sending day."""

from __future__ import annotations

import re

_LEAD = r"(?:(?:oh|ok(?:ay)?|so|um|uh|and|also|btw|by\s+the\s+way|yeah|right)[\s,]+)*"
# the whole turn says the terms: "its net 30", "it's net 30 days", "the invoice is due net 30", "payment terms are net 45",
# "net 30 from the invoice date", "that one's net 15"
_SAID = re.compile(_LEAD + r"(?:(?:it'?s|it\s+is|that'?s|that\s+is|that\s+one'?s|they'?re|(?:the|that|this|my|their)\s+"
                   r"(?:invoice|bill|payment)(?:'s|\s+is|\s+will\s+be)|(?:the\s+)?(?:payment\s+)?terms\s+(?:are|is))\s+)?"
                   r"(?:(?:due\s+)?(?:on\s+)?net[\s-]?(?P<days>\d{1,3})(?:\s+days)?|(?P<receipt>(?:due|payable)\s+(?:up)?on\s+receipt))"
                   r"(?:\s+from\s+(?:today|the\s+invoice\s+date|when\s+i\s+sen[dt]\s+it|sending|the\s+send\s+date))?"
                   r"(?:\s+(?:terms|right|too|as\s+well))?", re.IGNORECASE)
_IN = re.compile(r"\b(?:net[\s-]?(?P<days>\d{1,3})|(?P<receipt>(?:due|payable)\s+(?:up)?on\s+receipt))\b(?!\s*(?:%|percent|dollars|bucks|pounds|euros|won|kg|grams|lbs|pounds))",
                 re.IGNORECASE)
_INVOICE = re.compile(r"\binvoices?\b", re.IGNORECASE)
_CLIENT = re.compile(r"\binvoice\s+(?:to|for)\s+(?P<who>[a-z][\w'&.-]*(?:\s+(?!for\b|by\b|its\b|it's\b|net\b|on\b|about\b)"
                     r"[a-z][\w'&.-]*){0,2})", re.IGNORECASE)
_MAX_DAYS = 180


def terms_said(cleaned: str) -> int | None:
    """The days a turn that says nothing but payment terms gives ("its net 30": 30), or None."""
    if len(cleaned) > 120 or (m := _SAID.fullmatch(cleaned.strip(" .!"))) is None:
        return None
    return _days(m)


def _days(m: re.Match[str]) -> int | None:
    """The days of terms read: "net 0" and "due on receipt" are the sending day itself (english67's left: "net 0" was
    not read), "net 30" thirty days on; past half a year none."""
    days = 0 if m["receipt"] else int(m["days"])
    return days if 0 <= days <= _MAX_DAYS else None


def terms_in(words: str | None) -> int | None:
    """The days of net terms said among the words of an invoice's promise ("… for the website project its net 30")."""
    if not words or not _INVOICE.search(words) or (m := _IN.search(words)) is None:
        return None
    return _days(m)


def is_invoice(desc: str) -> bool:
    """An invoice's promise (to send one), not the payment kept for one ("acme invoice payment")."""
    return _INVOICE.search(desc) is not None and not desc.endswith("invoice payment")


def payment_desc(desc: str) -> str:
    """The payment's promise for an invoice's: "send an invoice to acme for the website project" -> "acme invoice
    payment"; with no client said, "invoice payment"."""
    m = _CLIENT.search(desc)
    return f"{m['who'].lower()} invoice payment" if m else "invoice payment"


# "remind me to follow up with acme if they haven't paid by the due date": the day after the payment kept for them is due
UNPAID = re.compile(r"[\s,]*(?:if|in\s+case)\s+(?:they|he|she|the\s+client|[a-z][\w'-]*)\s+(?:haven'?t|havent|hasn'?t|hasnt|have\s+not|"
                    r"has\s+not|didn'?t|didnt|did\s+not)\s+(?:paid|pay)(?:\s+(?:it|that|the\s+invoice|up))?\s+by\s+"
                    r"(?:the|its|their)\s+(?:due\s+date|deadline|due\s+day)\s*$", re.IGNORECASE)


def payment_of(words: str, payments: list[str]) -> int | None:
    """Which of the payments kept ("acme invoice payment") `words` name by their client, when one alone."""
    hits = [i for i, desc in enumerate(payments)
            if (client := desc.removesuffix("invoice payment").strip()) and
            re.search(rf"\b{re.escape(client.split()[0])}\b", words, re.IGNORECASE)]
    return hits[0] if len(hits) == 1 else None


# "the bluebird invoice gets paid on january 6th right" with an invoice to Bluebird kept to send (english64's left: the
# send was moved to the payment's day): the payment, kept due then
_PAID_ON = re.compile(_LEAD + r"(?:the\s+)?(?P<who>[a-z][\w'&.-]*(?:\s+[a-z][\w'&.-]*)?)\s+invoice\s+(?:gets|will\s+get|will\s+be|"
                      r"is\s+going\s+to\s+be|should\s+be|has\s+to\s+be|is\s+to\s+be)\s+paid\s+(?P<when>(?:on|by)\s+[\w ,]{3,40}?)"
                      r"(?:[\s,]+right)?", re.IGNORECASE)


def paid_on(cleaned: str) -> tuple[str, str] | None:
    """(the client, the words of the day) of "the bluebird invoice gets paid on january 6th", or None."""
    m = _PAID_ON.fullmatch(cleaned.strip(" .!?")) if len(cleaned) <= 120 else None
    return (m["who"].lower(), m["when"]) if m else None
