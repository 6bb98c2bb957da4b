"""What the Kiketti referee says, in Finnish and English, apart from the rules that decide it.

Rulings are keyed by their kind, or by a key of their own where one kind has several wordings;
refusals (``impossible``) by the reason they name.  The rest are parts that other messages take
in: why a penalty was given, what a misused power was, why a round scored as it did (keyed by the
scoring case of ``referee.kiketti.scoring``).
"""

from __future__ import annotations

from typing import Any, Iterable

from ..messages import MessageBook, Phrase

MESSAGES = MessageBook("kiketti", {
    # ---------------------------------------------------------------- rulings
    "paused": ("Tauko: tuomari odottaa. Pöydän tapahtumat arvioidaan tauon jälkeen.",
               "Paused: the referee waits. Table events are judged after the pause."),
    "resumed": ("Tauko päättyi, peli jatkuu.", "The pause is over, play on."),
    "redeal": ("Kortti kääntyi jaossa: jako alusta (sekoita ensin).",
               "A card turned face up in the deal: deal again (shuffle first)."),
    "round_started": ("Kierros {round}/{rounds}: jakaja {dealer}, aloittaa {opener}.",
                      "Round {round}/{rounds}: dealer {dealer}, {opener} opens."),
    "deal_unseen": ("Kamera ei nähnyt yhtä pelaajalle {player} jaettua korttia; jako katsotaan valmiiksi.",
                    "The camera did not see one of the cards dealt to {player}; the deal is taken as finished."),
    "swap_unseen_in_hand": ("{player} vaihtoi nostetun kortin pöytäänsä; kamera ei nähnyt sitä kädessä.",
                            "{player} put the drawn card among their table cards; the camera did not see it "
                            "in their hand."),
    "discard_unseen_in_hand": ("{player} heitti kortin {card} kasaan; kamera ei nähnyt sitä kädessä.",
                               "{player} discarded the {card}; the camera did not see it in their hand."),
    "unseen": ("Kamera ei nähnyt pöytää {since:.1f}–{until:.1f} s: sinä aikana tehdystä ei tuomita mitään, ja pöytä "
               "otetaan sellaisena kuin kamera sen sitten näki.",
               "The camera could not see the table from {since:.1f} to {until:.1f} s: nothing done then is ruled on, "
               "and the table is taken as the camera then found it."),
    "kps": ("Ei voi erottaa, kumpi ehti ensin: KPS ({first} – {second}).",
            "Cannot tell who was first: rock-paper-scissors ({first} – {second})."),
    "order_corrected": ("{player} ehti ensin (lyöntityyny): tilanne arvioitu uudelleen.",
                        "{player} was first (slap pad): judged again in that order."),
    "order_corrected_seen": ("{player} ehti ensin (kamera näki sen ensin): tilanne arvioitu uudelleen.",
                             "{player} was first (as the camera first saw it): judged again in that order."),
    "kps_settled": ("{player} voitti KPS:n ja ehti ensin.",
                    "{player} won rock-paper-scissors and counts as first."),
    "late_slap": ("Myöhässä: {slapper} löi {whose} kierroksen jo päätyttyä; kortti palaa pöytään.",
                  "Late: {slapper} slapped {whose} after the round ended; the card goes back."),
    "correct_slap": ("Oikein: {slapper} löi {whose} ({top}).", "Right: {slapper} slapped {whose} onto {top}."),
    "wrong_slap": ("Väärin: {slapper} löi {whose}, kasassa {top}. Kortti näytetään kaikille ja palaa pöytään; "
                   "{cards}.",
                   "Wrong: {slapper} slapped {whose} onto {top}. The card is shown to all and goes back; {cards}."),
    "wrong_slap_over_cap": ("Väärin: {slapper} löi {whose}, kasassa {top}. Kortti näytetään kaikille ja palaa "
                            "pöytään; yli {cap} väärää lyöntiä samalla yrityksellä: ei lisää sakkokortteja.",
                            "Wrong: {slapper} slapped {whose} onto {top}. The card is shown to all and goes back; "
                            "over {cap} wrong slaps in one attempt: no more penalty cards."),
    "table_emptied": ("{player} tyhjensi pöytänsä: kierros päättyi. Paljastakaa kortit.",
                      "{player} emptied their table: the round is over. Reveal the cards."),
    "table_emptied_call_fails": ("{player} tyhjensi pöytänsä: kierros päättyi. Paljastakaa kortit. "
                                 "Pelaajan {caller} kiketti ei onnistu.",
                                 "{player} emptied their table: the round is over. Reveal the cards. "
                                 "{caller}'s kiketti fails."),
    "penalty": ("{why}: {cards} pelaajalle {player}.", "{why}: {cards} to {player}."),
    "must_slap": ("{player} koski pelaajan {owner} korttia ilman voimaa: kortti on lyötävä kasaan.",
                  "{player} touched {owner}'s card without a power: that card must be slapped onto the pile."),
    "card_seen": ("{player} näki oman korttinsa: se vaihdetaan pakasta uuteen ja nähty kortti pakan keskelle.",
                  "{player} saw an own card: it is replaced from the stock and the seen card goes into the middle "
                  "of the stock."),
    "bad_call_round_ended": ("Kiketti ei käy ({player}): kierros on jo päättynyt.",
                             "Kiketti does not count ({player}): the round has already ended."),
    "bad_call_no_round": ("Kiketti ei käy ({player}): kierros ei ole käynnissä.",
                          "Kiketti does not count ({player}): no round is in play."),
    "bad_call_already_called": ("Kiketti ei käy ({player}): {caller} on jo huutanut kiketin tällä kierroksella.",
                                "Kiketti does not count ({player}): {caller} already called kiketti this round."),
    "bad_call_not_turn": ("Kiketti ei käy ({player}): nyt on pelaajan {turn} vuoro.",
                          "Kiketti does not count ({player}): it is {turn}'s turn."),
    "bad_call_before_playing": ("Kiketti ei käy ({player}): kiketin saa huutaa vasta oman vuoronsa pelattuaan.",
                                "Kiketti does not count ({player}): kiketti is called only after playing the turn."),
    "kiketti_called": ("{player} huusi kiketin! Muut pelaavat vielä kerran.",
                       "{player} called kiketti! Everyone else plays once more."),
    "kiketti_called_late": ("{player} huusi kiketin ({turn} aloitti vuoronsa liian aikaisin: kiketti hyväksytään)! "
                            "Muut pelaavat vielä kerran.",
                            "{player} called kiketti ({turn} started too early: the call counts)! "
                            "Everyone else plays once more."),
    "turn_forfeited": ("{player} käänsi korttinsa ennen viimeistä vuoroaan: vuoro menetetty, kierros päättyy.",
                       "{player} turned their cards before their last turn: the turn is lost, the round ends."),
    "early_reveal": ("{player} käänsi korttinsa liian aikaisin: kortit takaisin väärinpäin, muut saavat käyttää "
                     "näkemäänsä.",
                     "{player} turned their cards too early: turn them back; everyone may use what they saw."),
    "unjudged": ("{player}: {problems}. Pisteet lasketaan vain nähdyistä korteista.",
                 "{player}: {problems}. Points count only the cards seen."),
    "cards_lost": ("{cards} palautettiin pöytään, mutta mikään paljastus ei näyttänyt sitä.",
                   "{cards} went back to a table, but no reveal shows it."),
    "round_scored": ("Kierros {round}: {listing} ({why}).", "Round {round}: {listing} ({why})."),
    "missing_calls": ("{player}: {lacking} kikettiä puuttuu, +{points} pistettä.",
                      "{player}: {lacking} call(s) missing, +{points} points."),
    "final_standings": ("Peli päättyi. Tulokset viimeisestä ensimmäiseen: {standings}.",
                        "Game over. Results from last place to first: {standings}."),

    # ---------------------------------------------------------------- refusals (impossible), by reason
    "game_over": ("Peli on jo päättynyt.", "The game is over."),
    "unknown_declaration": ("'{what}' ei merkitse Kiketissä mitään.", "'{what}' means nothing in Kiketti."),
    "foreign_event": ("Tapahtuma '{type}' ei kuulu Kikettiin.", "A '{type}' event has no place in Kiketti."),
    "already_paused": ("Peli on jo tauolla.", "The game is already paused."),
    "not_paused": ("Peli ei ole tauolla.", "The game is not paused."),
    "no_such_seat": ("Pelaajaa {seat} ei ole ({what}); pelaajat ovat 0-{last}.",
                     "There is no player {seat} ({what}); seats are 0-{last}."),
    "not_a_player_zone": ("Alue '{zone}' ei ole pelaajan {place}.", "Zone '{zone}' is not a player's {place}."),
    "unknown_zone": ("Alue '{zone}' ei kuulu Kikettiin (stock, pile, seatN, handN).",
                     "Zone '{zone}' is not a Kiketti zone (stock, pile, seatN, handN)."),
    "no_such_move": ("Kortti ei voi siirtyä alueelta '{src}' alueelle '{dst}' Kiketissä.",
                     "A card cannot go from '{src}' to '{dst}' in Kiketti."),
    "not_owed_from_stock": ("{player} ei ole velkaa yhtään korttia pakasta.",
                            "{player} is owed no card from the stock."),
    "fully_dealt": ("{player} on jo saanut {n} korttia.", "{player} already has {n} cards."),
    "draw_in_deal": ("Jako on kesken: kukaan ei nosta vielä.", "The deal is not finished: nobody draws yet."),
    "stock_empty": ("Nostopakka on tyhjä: käännä kasa (paitsi päällimmäinen) uudeksi pakaksi.",
                    "The stock is empty: turn the pile (all but its top card) into a new stock."),
    "nothing_owed_to_stock": ("{player} ei pidä pakkaan palautettavaa korttia.",
                              "{player} holds no card that must go back to the stock."),
    "swap_in_elsewhere": ("Nostetun kortin voi vaihtaa vain omaan pöytään.",
                          "A drawn card can only be swapped into the drawer's own table."),
    "not_drawn": ("{player} ei ole nostanut korttia tällä vuorolla.", "{player} has not drawn a card this turn."),
    "not_owed_from_pile": ("Kasasta ei kuulu palauttaa korttia {card} pelaajalle {player}.",
                           "No card {card} is owed back from the pile to {player}."),
    "table_card_not_owed": ("{player} ei ole velkaa korttia pakkaan.", "{player} owes no table card to the stock."),
    "pile_not_turnable": ("Kasan saa kääntää pakaksi vasta kun pakka on tyhjä (ja kasassa on kortteja).",
                          "The pile becomes the stock only when the stock is empty (and the pile has cards)."),
    "lander_unseen": ("Ei nähty, kuka löi kortin kasaan: korjaa tapahtuma.",
                      "Not seen who put the card on the pile: correct the event."),
    "card_unread": ("Kasaan tulleen kortin arvoa ei nähty: korjaa tapahtuma kortin kanssa.",
                    "The card that landed on the pile was not read: correct the event with its card."),
    "card_on_pile": ("{card} on jo kasassa: sama kortti ei voi olla kahdessa paikassa.",
                     "{card} is already on the pile: one card cannot be in two places."),
    "card_on_table": ("{card} on jo pöydässä (se näytettiin kaikille): sama kortti ei voi olla kahdessa paikassa.",
                      "{card} lies on a table (it was shown to all): one card cannot be in two places."),
    "out_of_turn_card_to_pile": ("{player}: väärällä vuorolla nostettu kortti palautetaan pakkaan, ei kasaan.",
                                 "{player}: a card drawn out of turn goes back to the stock, not the pile."),
    "no_turn_card": ("{player} ei pidä tällä vuorolla nostettua korttia.", "{player} holds no card drawn this turn."),
    "nobody_to_draw": ("{card} tuli kasaan pakasta (kenenkään paikalta tai kädestä sitä ei nähty lähtevän), mutta "
                       "kenenkään ei ole nyt vuoro nostaa: korjaa tapahtuma.",
                       "The {card} came onto the pile from the stock (no seat or hand was seen losing it), but "
                       "nobody is due to draw now: correct the event."),
    "slap_in_deal": ("Jako on kesken: kasaan ei lyödä nyt.", "The deal is not finished: no slapping now."),
    "pile_empty": ("Kasa on tyhjä: ei mitään mihin lyödä.", "The pile is empty: nothing to slap against."),
    "no_table_cards": ("Pelaajalla {player} ei ole pöytäkortteja.", "{player} has no table cards."),
    "no_kps_pending": ("Kukaan ei odota kivi-paperi-saksia.", "No rock-paper-scissors is pending."),
    "not_in_kps": ("KPS on pelaajien {first} ja {second} välinen.",
                   "The rock-paper-scissors is between {first} and {second}."),
    "looker_unseen": ("Ei nähty, kuka katsoi korttia: korjaa tapahtuma.",
                      "Not seen who looked at the card: correct the event."),
    "no_table_cards_to_look": ("Pelaajalla {player} ei ole pöytäkortteja katsottavaksi.",
                               "{player} has no table cards to look at."),
    "no_table_cards_to_swap": ("Pelaajalla {player} ei ole pöytäkortteja vaihdettavaksi.",
                               "{player} has no table cards to swap."),
    "swapper_unseen": ("Ei nähty, kuka vaihtoi kortit: korjaa tapahtuma.",
                       "Not seen who swapped the cards: correct the event."),
    "button_without_turn": ("Kenenkään vuoro ei ole käynnissä: nappi ei voi huutaa kikettiä.",
                            "No turn is in progress: the button cannot call kiketti."),
    "reveal_in_deal": ("Jako on kesken: ei paljasteta.", "The deal is not finished: nothing to reveal."),
    "already_revealed": ("{player} on jo paljastanut korttinsa.", "{player} has already revealed their cards."),
    "cards_elsewhere": ("{cards} on jo muualla: sama kortti ei voi olla kahdessa paikassa.",
                        "{cards} already lies elsewhere: one card cannot be in two places."),

    # ---------------------------------------------------------------- parts of messages
    "unread_card": ("Kortti", "card"),
    "own_card": ("oman korttinsa {card}", "their own {card}"),
    "others_card": ("pelaajan {owner} kortin {card}", "{owner}'s {card}"),
    "one_penalty_card": ("1 sakkokortti", "1 penalty card"),
    "penalty_cards": ("{n} sakkokorttia", "{n} penalty cards"),
    # why a penalty was given: keyed by the penalty's reason, or by a key of its own
    "out_of_turn_draw": ("{player} nosti väärällä vuorolla: kortti takaisin pakan keskelle",
                         "{player} drew out of turn: the card goes back into the stock"),
    "slapped_by_opponent": ("{slapper} löi pelaajan {owner} kortin", "{slapper} slapped {owner}'s card"),
    "looked_at_own_card": ("{player} katsoi omaa korttiaan", "{player} looked at an own card"),
    "swapped_without_power": ("{player} vaihtoi kortteja ilman voimaa; vaihto perutaan",
                              "{player} swapped cards without a power; the swap is undone"),
    "power_misuse": ("Voima käytetty väärin ({power}: {how}); tietoa ei saa käyttää",
                     "Power used wrongly ({power}: {how}); the information may not be used"),
    # how a power was misused
    "no_power_to_look_own": ("ei voimaa jolla katsoa omaa korttia", "no power to look at an own card"),
    "looked_own": ("katsoi omaa korttia", "looked at an own card"),
    "looked_other": ("katsoi vastustajan korttia", "looked at an opponent card"),
    "swapped": ("vaihtoi kortit", "swapped cards"),
    # what a revealed table lacked
    "count_differs": ("näkyi {seen} korttia, pöydällä pitäisi olla {table}",
                      "{seen} cards seen where {table} should lie"),
    "owed_not_on_table": ("{missing} korttia (sakko- tai palautettavia) ei tullut pöytään",
                          "{missing} owed cards (penalty or returned) never reached the table"),
    # a place in the final standings
    "standing": ("{place}. {name} {points} p", "{place}. {name} {points} pts"),
    # why a round scored as it did, by scoring case
    "no_call": ("kukaan ei kiketöinyt: kaikille omat pisteet", "nobody called: everyone scores own"),
    "caller_fewest": ("{caller} kiketöi vähimmillä pisteillä: 0", "{caller} called with the fewest: 0"),
    "caller_tied": ("{caller} kiketöi tasapisteissä vähimmän kanssa: 0, tasapisteiset omat",
                    "{caller} called tied for the fewest: 0, the tied players own"),
    "caller_not_fewest": ("{caller} ei ollut vähimmissä: omat + suurimmat, vähemmän omaaville 0",
                          "{caller} did not have the fewest: own + highest, players below 0"),
    "caller_highest": ("{caller} kiketöi suurimmilla pisteillä: kahdesti omat, vähemmän omaaville 0",
                       "{caller} called with the highest: twice own, players below 0"),
    "caller_empty_tied": ("{caller} tyhjensi pöytänsä, mutta jollakulla on 0 pistettä: kiketti epäonnistui",
                          "{caller} had no cards but someone else had 0 points: the call failed"),
    "other_emptied": ("joku muu tyhjensi pöytänsä: kiketti epäonnistui, {caller} omat + suurimmat",
                      "someone else emptied their table: the call failed, {caller} own + highest"),
})

# How a misused power is named when the turn gave no power, by the round's power state.
POWER_STATES = {
    None: Phrase("kortti vielä kädessä", "the drawn card still in hand"),
    "swap_in": Phrase("vaihdon jälkeen", "after a swap-in"),
    "none": Phrase("ilman voimaa", "without a power"),
    "used": Phrase("voima jo käytetty", "the power already used"),
}

# A player's own zones, as a refusal names them.
PLAYER_ZONES = {"seat": Phrase("pöytä", "table"), "hand": Phrase("käsi", "hand")}


def phrase(key: str, **fields: Any) -> Phrase:
    """Message ``key`` as a part of another message."""
    return Phrase(*MESSAGES.words(key, **fields))


def penalty_cards(n: int) -> Phrase:
    return phrase("one_penalty_card") if n == 1 else phrase("penalty_cards", n=n)


def joined(parts: Iterable[Phrase], separator: str) -> Phrase:
    """Parts listed one after another in each language."""
    parts = list(parts)
    return Phrase(separator.join(p.fi for p in parts), separator.join(p.en for p in parts))
