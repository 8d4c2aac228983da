"""FIDE's three-letter federation codes (TRF record 032 and player columns 54-56), and the
form of a FIDE ID (player columns 58-68).

They are not ISO 3166 codes (GER, NED, ENG, SCO, IRI, ...); ``FID`` is the FIDE flag. Kept
as a plain set: a federation code is checked against it, never guessed."""

from __future__ import annotations

_CODES = """
    AFG AHO ALB ALG AND ANG ANT ARG ARM ARU AUS AUT AZE BAH BAN BAR BDI BEL BER BHU BIH BIZ
    BLR BOL BOT BRA BRN BRU BUL BUR CAF CAM CAN CAY CHA CHI CHN CIV CMR COD COL COM CPV CRC
    CRO CUB CYP CZE DEN DJI DMA DOM ECU EGY ENG ERI ESA ESP EST ETH FAI FID FIJ FIN FRA GAB
    GAM GCI GEO GEQ GER GHA GRE GRN GUA GUM GUY HAI HKG HON HUN INA IND IOM IRI IRL IRQ ISL
    ISR ISV ITA IVB JAM JCI JOR JPN KAZ KEN KGZ KOR KOS KSA KUW LAO LAT LBA LBN LBR LCA LES
    LIE LTU LUX MAC MAD MAR MAS MAW MDA MDV MEX MGL MKD MLI MLT MNC MNE MOZ MRI MTN MYA NAM
    NCA NED NEP NGR NIG NOR NRU NZL OMA PAK PAN PAR PER PHI PLE PLW PNG POL POR PUR QAT ROU
    RSA RUS RWA SCO SEN SEY SGP SKN SLE SLO SMR SOL SOM SRB SRI SSD STP SUD SUI SUR SVK SWE
    SWZ SYR TAN TGA THA TJK TKM TLS TOG TPE TTO TUN TUR UAE UGA UKR URU USA UZB VAN VEN VIE
    VIN WLS YEM ZAM ZIM
"""
FIDE_FEDERATIONS = frozenset(_CODES.split())


def federation_error(code: str) -> str:
    """Why ``code`` (already upper-cased) is not a FIDE federation code, or "" when it is."""
    if code in FIDE_FEDERATIONS:
        return ""
    if len(code) != 3 or not code.isalpha():
        return "A three-letter code like USA, GER or ENG (FIDE's codes)."
    return f"{code} is not a FIDE federation code (FIDE writes GER, NED, ENG, IRI, …)."


FIDE_ID_DIGITS = 11
"""TRF player columns 58-68."""


def fide_id_problem(text: str) -> str:
    """What is wrong with ``text`` as a FIDE ID ("must be digits only (0-9)", "must be up to
    11 digits"), or "" when it is one; the callers say whose ID it is."""
    if not (text.isascii() and text.isdigit()):
        return "must be digits only (0-9)"
    if len(text) > FIDE_ID_DIGITS:
        return f"must be up to {FIDE_ID_DIGITS} digits"
    return ""
