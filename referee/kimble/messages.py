"""What the Kimble referee says, in Finnish and English, apart from the rules that decide it.

Rulings are keyed by their kind, or by a key of their own where one kind has several wordings;
refusals (``impossible``) by the reason they name.  The rest are parts that other messages take
in: why a fine was given (keyed by the ledger's reason), why a team cannot raise or double.
"""

from __future__ import annotations

from typing import Any

from ..messages import MessageBook, Phrase

MESSAGES = MessageBook("kimble", {
    # ---------------------------------------------------------------- rulings
    "fine": ("{team}: {fines} sakkoa ({fine_unit}) – {why}", "{team}: {fines} fine(s) ({fine_unit}) – {why}"),
    "unseen": ("Kamera ei nähnyt pöytää {since:.1f}–{until:.1f} s: sinä aikana tehtyä ei ehkä nähty; tarkistakaa lauta "
               "ja kupu.",
               "The camera could not see the table from {since:.1f} to {until:.1f} s: what was done then may not "
               "have been seen; check the board and the dome."),
    "die_unreadable": ("Noppaa ei voi lukea: koputa kupua suoraan ylhäältä.",
                       "The die cannot be read: tap the dome straight down from above."),
    "die_reset": ("Noppa on nollattu lukuun {value}.", "The die is reset to {value}."),
    "stray_pop": ("{team}: naksautus ei kelpaa.{turn}", "{team}: the pop does not count.{turn}"),
    "stray_pop_reset": ("{team}: naksautus ei kelpaa; nollaa kupu lukuun {value}.{turn}",
                        "{team}: the pop does not count; reset the die to {value}.{turn}"),
    "repop": ("Tasapeli: {tied} naksauttavat uudelleen.", "A tie: {tied} pop again."),
    "opening": ("{chooser} valitsee värin, {starter} aloittaa.", "{chooser} chooses a colour, {starter} starts."),
    "choose": ("{team}: {value}; valitse: {choices}.", "{team}: {value}; choose: {choices}."),
    "no_move_six": ("{team}: 6 ei siirrä mitään; naksauta uudelleen.", "{team}: the 6 moves nothing; pop again."),
    "no_move_one_try": ("{team}: {value}, ei siirtoa; vielä 1 yritystä.", "{team}: {value}, no move; 1 more try."),
    "no_move_tries": ("{team}: {value}, ei siirtoa; vielä {tries} yritystä.",
                      "{team}: {value}, no move; {tries} more tries."),
    "no_move_turn_passes": ("{team}: {value}, ei siirtoa. Vuoro: {next}.",
                            "{team}: {value}, no move. Turn: {next}."),
    "illegal_move_start_taken": ("Laiton siirto {frm}→{to}: oma nappula on jo lähtöruudussa; odotettiin: {expected}.",
                                 "Illegal move {frm}→{to}: an own piece already stands on the start square; "
                                 "expected: {expected}."),
    "illegal_move_onto_mine": ("Laiton siirto {frm}→{to}: miinaan ei saa ajaa, kun muu siirto on mahdollinen; "
                               "odotettiin: {expected}.",
                               "Illegal move {frm}→{to}: driving onto a mine is forbidden while another move exists; "
                               "expected: {expected}."),
    "illegal_move_square_taken": ("Laiton siirto {frm}→{to}: ruudussa on jo oma nappula; odotettiin: {expected}.",
                                  "Illegal move {frm}→{to}: an own piece already stands there; expected: {expected}."),
    "move": ("{team}: {move}{how}.", "{team}: {move}{how}."),
    "hembo_due_alone": ("{team}: sanokaa ”Jag bor i hembo” ennen seuraavan joukkueen naksua.",
                        "{team} must say \"Jag bor i hembo\" before the next team pops."),
    "hembo_due_together": ("{team}: sanokaa ”Vi bor i hembo” ennen seuraavan joukkueen naksua.",
                           "{team} must say \"Vi bor i hembo\" before the next team pops."),
    "game_won": ("{team} voitti! Moraalinen voittaja: {moral}.", "{team} wins! Moral winner: {moral}."),
    "colours": ("Värit: {colours}. Aloittaa {starter}.", "Colours: {colours}. {starter} starts."),
    "consent_needed": ("Kaikki ovat korottaneet: uusi korotuskierros vaatii suostumuksen ({others}).",
                       "Every team has raised: a new raise round needs consent from {others}."),
    "raising_closed": ("{team} kieltäytyi: korotuskierroksia ei enää pelata.", "{team} refused: no more raise rounds."),
    "raise_round": ("Kaikki suostuivat: uusi korotuskierros.", "All agreed: a new raise round."),
    "hembo_heard": ("{team} asuu kotipesässä.", "{team} lives in hembo."),
    "paused": ("Tauko: ei naksuja, siirtoja eikä juomista.", "Pause: no popping, moving or drinking."),
    "resumed": ("Tauko päättyi: peli jatkuu.", "The pause is over: play on."),
    "drunk": ("{team} joi {count}; velkaa {owed}.", "{team} drank {count}; owes {owed}."),

    # ---------------------------------------------------------------- refusals (impossible), by reason
    "game_over": ("Peli on päättynyt.", "The game is over."),
    "foreign_event": ("Kimble ei käytä tapahtumaa '{type}'.", "Kimble has no use for a '{type}' event."),
    "no_such_team": ("Joukkuetta {team} ei ole ({field}).", "There is no team {team} ({field}); teams are 0-{last}."),
    "colour_not_chosen": ("{chooser} valitsee ensin värin.", "{chooser} must choose a colour before anyone pops."),
    "popped_without_moving": ("{team} naksautti uudelleen siirtämättä; odotettiin siirtoa: {expected}.",
                              "{team} popped again without moving; expected a move: {expected}."),
    "sighting_expected": ("Nähtiin {frm}→{to}; tuomarin siirron jälkeen odotettiin: {seen}.",
                          "Seen {frm}→{to}; after the referee's move the camera should see: {seen}."),
    "move_not_due": ("Siirtoa ei odotettu ({frm}→{to}); {popper} naksauttaa.",
                     "No move was due ({frm}→{to}); {popper} must pop."),
    "move_before_play": ("Siirtoa ei odotettu ({frm}→{to}); peli ei ole käynnissä.",
                         "No move was due ({frm}→{to}); play has not begun."),
    "moved_out_of_turn": ("{team} siirsi, mutta vuoro on joukkueella {turn}.",
                          "{team} moved, but it is {turn}'s turn."),
    "no_piece_there": ("{team}: paikassa {frm} ei ole nappulaa; odotettiin: {expected}.",
                       "{team} has no piece at {frm}; expected: {expected}."),
    "home_only_to_start": ("Kotipesästä pääsee vain lähtöruutuun {start}; odotettiin: {expected}.",
                           "A piece leaves home only to its start square {start}; expected: {expected}."),
    "home_needs_six": ("Kotipesästä lähtöön tarvitaan 6, noppa näyttää {value}; odotettiin: {expected}.",
                       "Leaving home needs a 6, the die shows {value}; expected: {expected}."),
    "wrong_count": ("{team} siirsi {frm}→{to} ({steps} askelta), noppa näyttää {value}; odotettiin: {expected}.",
                    "{team} moved {frm}→{to} ({steps} steps) but the die shows {value}; expected: {expected}."),
    "unknown_declaration": ("Kimble ei tunne ilmoitusta '{what}'.",
                            "Kimble has no declaration '{what}'; known: hembo, double, raise, consent, refuse, "
                            "{colours}."),
    "not_the_chooser": ("Värin valitsee {chooser} avausnaksujen jälkeen.",
                        "The colour is chosen by {chooser} after the opening pops."),
    "choice_not_now": ("{team}: '{what}' vain omalla vuorolla kutosen jälkeen.",
                       "{team}: '{what}' only on its own turn after a 6."),
    "cannot_choose": ("{team} ei voi: {what}: {why}.", "{team} cannot {what}: {why}."),
    "no_consent_asked": ("{team}: kukaan ei kysy suostumusta korotuskierrokseen.",
                         "{team}: nobody is asking for consent to a raise round."),
    "already_paused": ("Tauko on jo päällä.", "A pause is on already."),
    "not_paused": ("Taukoa ei ole.", "There is no pause."),
    "drinks_more_than_owed": ("{team} on velkaa {owed} sakkoa, ei voi juoda {count}.",
                              "{team}: owes {owed}, cannot drink {count}."),

    # ---------------------------------------------------------------- parts of messages
    "turn_is": (" Vuoro: {team}.", " Turn: {team}."),
    "lowest_popper": ("pienimmän naksauttanut", "the lowest popper"),
    # why a fine was given, by the ledger's reason
    "pause_pop": ("naksautus tauon aikana", "popped during a pause"),
    "pause_move": ("siirto tauon aikana", "moved during a pause"),
    "pause_drink": ("joi tauon aikana", "drank during a pause"),
    "mine": ("ajoi miinaan track{square} ({product} = kertoimien tulo)",
             "drove onto the mine at track{square} ({product} = product of multipliers)"),
    "eaten": ("syötiin track{square}:ssa ({product} = kertoimien tulo)",
              "eaten at track{square} ({product} = product of multipliers)"),
    "hembo_wrong_time": ("”bor i hembo” väärään aikaan", "said \"bor i hembo\" at the wrong time"),
    "hembo_forgotten": ("”bor i hembo” unohtui", "forgot to say \"bor i hembo\""),
    # why a team may not raise or double now
    "raise_rounds_over": ("korotuskierroksia ei enää pelata", "a team refused further raise rounds"),
    "raised_already": ("joukkue on jo korottanut tällä kierroksella", "it has raised this round already"),
    "home_not_empty": ("kotipesä ei ole tyhjä", "its home is not empty"),
    "goal_empty": ("maalissa ei ole nappulaa: {teams}", "no piece in the goal: {teams}"),
    "raise_needs_six": ("tarvitaan 6", "it needs a 6"),
    "double_needs": ("tarvitaan 6, oma nappula lähtöruudussa ja nappula kotipesässä",
                     "it needs a 6, an own piece on the start square and a piece at home"),
})

# How a move was made, as the move ruling tells it.
HOW_MOVED = {
    "seen": Phrase("", ""),
    "declared": Phrase(" (ilmoitettu)", " (declared)"),
    "auto": Phrase(" (ainoa siirto: tuomari siirsi)", " (the only move: applied by the referee)"),
}


def phrase(key: str, **fields: Any) -> Phrase:
    """Message ``key`` as a part of another message."""
    return Phrase(*MESSAGES.words(key, **fields))
