#!/usr/bin/env python3
"""Give every reading in an evaluation TSV its equally right variants.

A careful reader says "two hundred and five" in London and "two hundred five" in
Chicago, and writes "kilometres" or "kilometers" (eSpeak NG's en-us voice says the
two differently). A reference that lists only one of them would count a right reading
wrong. This adds, to each case, the readings with "and" after every hundred (and
after a thousand or more when tens follow), without any, and only before a number's last part
under a hundred (the shared development set's "eighteen thousand and eighty one"), each in both spellings
of metre and litre. A price keeps or drops its "cents" or "pence" ("two dollars nine
cents"), with or without "and" before them; "a m" and "p m" (which eSpeak NG reads "uh em") become "AM" and "PM"; a nought said as a
digit may be "zero" or "oh" (not in a year: "nineteen oh five"); a spelled letter A
of an acronym is written "A-" wherever it stands (eSpeak NG reads a lone "A" as "uh"); and
spelled letters before a plural "s" ("T E Us", which eSpeak NG reads "tee ee us") are
also written "T.E.U.'s" (the "z" a person says; eSpeak NG reads "T.E.U.s" as "ess"). It changes no reading otherwise, keeps the existing columns
first, and is idempotent:

    python3 Eval/add_variants.py Eval/en-world-dev.tsv Eval/en-world-held.tsv
"""
import re
import sys

SMALL = ("one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty "
         "fifty sixty seventy eighty ninety").split()
SMALL_RE = "|".join(SMALL)
HUNDRED_THEN_TENS = re.compile(rf"\b(hundred) (?!and )(?=(?:{SMALL_RE})\b)", re.I)
LARGE_THEN_TENS = re.compile(rf"\b(thousand|million|billion|trillion) (?!and )(?=(?:{SMALL_RE})\b(?! hundred))", re.I)
AND_AFTER = re.compile(r"\b(hundred|thousand|million|billion|trillion) and (?=\w)", re.I)
SCALES = {"hundred", "thousand", "million", "billion", "trillion"}
NUMBER_RUN = re.compile(rf"\b(?:(?:{SMALL_RE}|{'|'.join(SCALES)})\b ?)*(?:{SMALL_RE}|{'|'.join(SCALES)})\b", re.I)
UK_SPELLING = re.compile(r"(met|lit)re(s?)\b", re.I)
US_SPELLING = re.compile(r"(met|lit)er(s?)\b", re.I)


NUMBER_WORDS = SMALL + "zero oh hundred".split()
PRICE_WITHOUT_MINOR = re.compile(
    # Possessive: the amount is taken whole, so an amount already followed by its cents is left alone.
    rf"\b(dollars?|pounds?|euros?|rand|rupees?) ((?:(?:and )?(?:{'|'.join(NUMBER_WORDS)})\b ?)++)(?!cents|pence|pennies|paise|crore|lakh|million|billion|thousand)", re.I)
MINOR = {"dollar": "cents", "euro": "cents", "pound": "pence", "rand": "cents", "rupee": "paise"}
PRICE_WITH_MINOR = re.compile(r"\b(dollars?|pounds?|euros?|rand|rupees?) ((?:\w+ ){1,3}?)(cents|pence|paise)\b", re.I)
DOUBLED_MINOR = re.compile(rf"\b(cents|pence|paise) (?:(?:{'|'.join(NUMBER_WORDS)}) ){{0,3}}\1\b|\bpaise (crore|lakh)", re.I)
AND_BEFORE_MINOR = re.compile(rf"\b(dollars?|pounds?|euros?|rand|rupees?) and ((?:(?:{'|'.join(NUMBER_WORDS)}) )+(?:cents|pence|paise))\b", re.I)
MINOR_AFTER_MAJOR = re.compile(rf"\b(dollars?|pounds?|euros?|rand|rupees?) ((?:(?:{'|'.join(NUMBER_WORDS)}) )+(?:cents|pence|paise))\b", re.I)
CLOCK = re.compile(r"\b([ap]) m\b")
OLD_DOTTED_PLURAL = re.compile(r"\b(?:[A-Z]\.){2,6}s\b")
DIGITS = {"zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
TEENS_TENS = set(SMALL) - DIGITS
SPELLED_RUN = re.compile(r"(?<![\w\u2060-])(?:[A-Z]-? ){1,6}[A-Z]-?(?![\w-])")
LONE_A = re.compile(r"(?<![\w-])A(?![\w-])")
SPELLED_PLURAL = re.compile(r"\b((?:[A-Z]-? ){1,5}[A-Z])s\b")


def with_hundreds_and(text):
    return HUNDRED_THEN_TENS.sub(r"\1 and ", text)


def cents_and(text):
    """"one dollar and five cents" and "one dollar five cents", the one for the other."""
    if AND_BEFORE_MINOR.search(text):
        return AND_BEFORE_MINOR.sub(r"\1 \2", text)
    return MINOR_AFTER_MAJOR.sub(r"\1 and \2", text)


def with_minor(text):
    def add(m):
        unit = m.group(1).lower().rstrip("s") if m.group(1).lower() != "rand" else "rand"
        return f"{m.group(1)} {m.group(2).rstrip()} {MINOR.get(unit, 'cents')} "
    return PRICE_WITHOUT_MINOR.sub(add, text).replace("  ", " ").rstrip()


def without_minor(text):
    return PRICE_WITH_MINOR.sub(lambda m: f"{m.group(1)} {m.group(2).rstrip()}", text)


def spelled_a(text):
    """Every spelled letter A of an acronym written "A-", last letter too ("E W C A Civ", "V A
    hospital"): eSpeak NG reads a lone capital "A" as the article "uh" wherever it stands. A run
    that starts with it gets a word joiner (U+2060, not said) before it: after "for", "at", "of",
    "was", "not" or "than" eSpeak NG reads even "A-" as the article ("for uh J K")."""
    return SPELLED_RUN.sub(lambda m: ("\u2060" if m.group(0).startswith("A") else "") + LONE_A.sub("A-", m.group(0)), text)


def digit_zero(text, said="zero"):
    """A nought said digit by digit as "zero" or "oh" ("two point oh litre", "call oh three four
    four"): the one for the other after "point" or beside another digit said alone, never in a
    year ("nineteen oh five") or an interjection."""
    words = text.split(" ")
    other = "oh" if said == "zero" else "zero"
    for i, word in enumerate(words):
        if word.lower() != other:
            continue
        before = words[i - 1].lower() if i else ""
        after = words[i + 1].lower().strip(".,;:)") if i + 1 < len(words) else ""
        if before == "point" or before in DIGITS or after in DIGITS and before not in TEENS_TENS:
            words[i] = said
    return " ".join(words)


def letters(text):
    text = spelled_a(CLOCK.sub(lambda m: m.group(1).upper() + "M", text))
    return SPELLED_PLURAL.sub(lambda m: ".".join(m.group(1).replace("-", "").split(" ")) + ".'s", text)


def with_and(text):
    text = HUNDRED_THEN_TENS.sub(r"\1 and ", text)
    return LARGE_THEN_TENS.sub(r"\1 and ", text)


def without_and(text):
    return AND_AFTER.sub(r"\1 ", text)


def with_last_and(text):
    """"and" only before the last part under a hundred, as ../shared/eval/normalization-dev.tsv says
    numbers ("one hundred twenty three thousand", "eighteen thousand and eighty one", "eight
    hundred thirty four thousand five hundred and fifty three")."""
    def mark(m):
        words = m.group(0).split()
        scales = [i for i, w in enumerate(words) if w.lower() in SCALES]
        if not scales or scales[-1] == len(words) - 1 or len(words) - scales[-1] > 3:
            return m.group(0)
        return " ".join(words[:scales[-1] + 1] + ["and"] + words[scales[-1] + 1:])
    return NUMBER_RUN.sub(mark, text)


def spellings(text):
    uk = US_SPELLING.sub(lambda m: m.group(1) + "re" + m.group(2), text)
    us = UK_SPELLING.sub(lambda m: m.group(1) + "er" + m.group(2), text)
    return [text, uk, us]


MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
UNITS = "one two three four five six seven eight nine".split()
UNIT_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth".split()
CARDINAL_DAYS = UNITS + "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split() \
    + [f"twenty {u}" for u in UNITS] + ["thirty", "thirty one"]
ORDINAL_DAYS = UNIT_ORDINALS + ("tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                                "nineteenth twentieth").split() + [f"twenty {o}" for o in UNIT_ORDINALS] + ["thirtieth", "thirty first"]
ORDINAL_OF = dict(zip(CARDINAL_DAYS, ORDINAL_DAYS))
CARD_RE = "|".join(sorted(CARDINAL_DAYS, key=len, reverse=True))
ORD_RE = "|".join(sorted(ORDINAL_DAYS, key=len, reverse=True))
NUMBER_WORD_AFTER = rf"(?! (?:{SMALL_RE}|hundred|thousand|oh|zero)\b)"
MONTH_THEN_DAY = re.compile(rf"\b({MONTHS}) ({CARD_RE})\b{NUMBER_WORD_AFTER}", re.I)
LATER_DAY = re.compile(rf"\b((?:{MONTHS}) (?:{ORD_RE})(?:(?:,? (?:and |to |through )?)(?:{ORD_RE}))*)(,? (?:and |to |through )?|, )({CARD_RE})\b{NUMBER_WORD_AFTER}", re.I)
ORDINAL_DAY_MONTH = re.compile(rf"(?<!\bthe )\b({ORD_RE}) (?:of )?({MONTHS})\b", re.I)
CARDINAL_DAY_MONTH = re.compile(rf"(?<!\bthe )\b({CARD_RE}) ({MONTHS})\b")
SMALL_SET = set(SMALL) | SCALES | {"and", "point"}


def ordinal_days(text):
    """A date's day said as an ordinal, as ../shared/eval/normalization-dev.tsv says dates ("june
    thirtieth", "the twenty fifth of july twenty twelve"): "June twenty nine" also as "June twenty
    ninth", "twenty third June" and "twenty three June" also as "the twenty third of June". A number
    after the month's number is a year ("June twenty twenty") and is left alone."""
    text = MONTH_THEN_DAY.sub(lambda m: f"{m.group(1)} {ORDINAL_OF[m.group(2).lower()]}", text)
    # "May ninth, ten" → "May ninth, tenth": the days listed after it too.
    while (listed := LATER_DAY.sub(lambda m: f"{m.group(1)}{m.group(2)}{ORDINAL_OF[m.group(3).lower()]}", text)) != text:
        text = listed
    text = ORDINAL_DAY_MONTH.sub(lambda m: f"the {m.group(1)} of {m.group(2)}", text)
    def day_first(m):
        before = text[:m.start()].split()
        if before and before[-1].lower() in SMALL_SET:   # "nineteen ninety five May": part of a larger number
            return m.group(0)
        return f"the {ORDINAL_OF[m.group(1).lower()]} of {m.group(2)}"
    return CARDINAL_DAY_MONTH.sub(day_first, text)


def variants(reading):
    out = []
    dated = ordinal_days(reading)
    bases = (reading, letters(reading), digit_zero(reading), digit_zero(reading, "oh"))
    if dated != reading:
        bases += (dated, letters(dated))
    for base in bases:
        for priced in (base, with_minor(base), without_minor(base), cents_and(with_minor(base))):
            for form in (priced, without_and(priced), with_and(priced), with_hundreds_and(without_and(priced)),
                         with_last_and(without_and(priced))):
                out.extend(spellings(form))
    return out


def main(paths):
    for path in paths:
        lines = open(path, encoding="utf-8").read().split("\n")
        changed = []
        for line in lines:
            if not line or line.startswith("#") or line.startswith("class\t"):
                changed.append(line)
                continue
            cols = line.split("\t")
            # Earlier runs wrote "cents cents" (the amount's cents added again on each run) and
            # spelled plurals "T.E.U.s", which eSpeak NG reads with "ess": dropped.
            cols = cols[:3] + [c for c in cols[3:] if not OLD_DOTTED_PLURAL.search(c) and not DOUBLED_MINOR.search(c)]
            readings = []
            for reading in cols[2:]:
                for form in [reading] + variants(reading):
                    if form not in readings:
                        readings.append(form)
            changed.append("\t".join(cols[:2] + readings))
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(changed))


if __name__ == "__main__":
    main(sys.argv[1:])
