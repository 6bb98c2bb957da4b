"""What the Skruuvi referee says, in Finnish and English, by message key."""

from __future__ import annotations

from ..messages import MessageBook, Phrase
from .cards import SUIT_SYMBOLS

_FORMS = {
    "alkupeli": Phrase("alkupeli", "alkupeli"),
    "kotka": Phrase("kotka", "kotka"),
    "bolsevikki": Phrase("bolsevikki", "bolsevikki"),
}
_PHASES = {
    "deal": Phrase("jako", "the deal"),
    "bolsevikki_round": Phrase("bolsevikkikierros", "the bolsevikki round"),
    "bidding": Phrase("maalaus", "the bidding"),
    "exchange": Phrase("korttien vaihto", "the exchange"),
    "continuation": Phrase("jatkomaalaus", "the declarers' further bidding"),
    "bolsevikki_call": Phrase("bolsevikin loppumaalaus", "the bolsevikki player's final call"),
    "swap": Phrase("sivupelaajien vaihto", "the opponents' swap"),
    "doubling": Phrase("koputukset", "the doubling"),
    "play": Phrase("tikkien peluu", "the play"),
}


def form_words(form: str) -> Phrase:
    return _FORMS[form]


def phase_words(phase: str) -> Phrase:
    return _PHASES[phase]


def bid_words(text: str) -> Phrase:
    """A bid or contract as spoken: '5♥', '6 misääriä' / '6 misère', 'passimisääri'."""
    if text == "pass_misere":
        return Phrase("passimisääri", "pass misère")
    level, strain = text[0], text[1:]
    if strain in SUIT_SYMBOLS:
        return Phrase(level + SUIT_SYMBOLS[strain], level + SUIT_SYMBOLS[strain])
    if strain == "misere":
        return Phrase(f"{level} misääriä", f"{level} misère")
    return Phrase(f"{level} grandia", f"{level} grand")


MESSAGES = MessageBook("skruuvi", {
    # ---------------------------------------------------------------- the deal
    "unseen": ("Kamera ei nähnyt pöytää {since:.1f}–{until:.1f} s: sinä aikana tehdystä ei tuomita mitään.",
               "The camera could not see the table from {since:.1f} to {until:.1f} s: nothing done then is ruled on."),
    "deal_unjudged": ("Jakoa {deal} ei pisteytetä: kamera ei nähnyt sen pelistä kaikkea, eikä tikkejä voi laskea. "
                      "Laskekaa jaon pisteet itse.",
                      "Deal {deal} is not scored: the camera did not see all of its play, so its tricks cannot be "
                      "counted. Score the deal by hand."),
    "deal_unseen": ("{count} korttia jaettiin näkymättä: jako katsotaan valmiiksi.",
                    "{count} cards were dealt unseen: the deal counts as complete."),
    "misdeal_order": ("{dealer} jakoi väärässä järjestyksessä: kortit jaetaan yksi kerrallaan myötäpäivään "
                      "vasemmalta alkaen.",
                      "{dealer} dealt out of order: one card at a time, clockwise from the left."),
    "misdeal_end_card": ("{dealer}: pakan ylin tai alin kortti ei saa olla keskikortti.",
                         "{dealer}: the pack's first or last card may not be a centre card."),
    "misdeal_four_in_a_row": ("{dealer}: keskikortit eivät saa olla neljä peräkkäistä korttia.",
                              "{dealer}: the centre cards may not be four cards in a row."),
    "not_dealing": ("Jako on jo tehty.", "The cards have already been dealt."),
    "puupaa_look": ("Kukin katsoo neljä puupään korttia ja asettaa ne kuvapuoli alaspäin riveittäin maittain.",
                    "Each player looks at four of the puupää's cards and lays them face down in rows by suit."),
    "puupaa_look_kotka": ("Kukin katsoo neljä puupään korttia, jakaja {dealer} viisi, ja asettaa ne kuvapuoli "
                          "alaspäin riveittäin maittain.",
                          "Each player looks at four of the puupää's cards, the dealer {dealer} at five, and lays "
                          "them face down in rows by suit."),
    "puupaa_silent": ("Puupää ei maalaa eikä puhu ('{what}'): sen pelitoveri hoitaa sen kortit.",
                      "The puupää neither bids nor speaks ('{what}'): its partner handles its cards."),
    "reshuffle": ("Pakan päällä on {card}: {player} sekoittaa uudelleen (ässä tai kakkonen ei saa jäädä päälle).",
                  "{card} lies on top of the deck: {player} shuffles again (no ace or two may stay on top)."),
    "deck_top_not_now": ("Pakan päällimmäinen kortti katsotaan ennen jakoa.",
                         "The deck's top card is looked at before the deal."),
    "deal_too_many": ("Alueelle {zone} ei jaeta enempää kortteja.", "No more cards are dealt to {zone}."),
    "not_collecting": ("Kortteja ei nyt kerätä pois ({zone}): jako on kesken.",
                       "Cards are not being gathered up now ({zone}): a deal is under way."),
    # ---------------------------------------------------------------- bolsevikki
    "bolsevikki_forced": ("Bolsevikki on pakko pelata tässä jaossa: vielä pelaamatta {players}.",
                          "A bolsevikki must be played this deal: yet to play {players}."),
    "bolsevikki_already_played": ("{player} on jo pelannut bolsevikkinsa: vain pass.",
                                  "{player} has already played a bolsevikki: only a pass."),
    "bolsevikki_round_over": ("Bolsevikkikierros on jo ohi.", "The bolsevikki round is over."),
    "bolsevikki_claims": ("Bolsevikkia haluavat {players}: {chooser} valitsee ensin.",
                          "{players} want the bolsevikki: {chooser} chooses first."),
    "bolsevikki_player": ("{player} pelaa bolsevikin; niskamies {niskamies} aloittaa.",
                          "{player} plays the bolsevikki; {niskamies}, the niskamies, leads."),
    "bolsevikki_forced_player": ("Kukaan ei maalannut: {player} joutuu pelaamaan bolsevikin; niskamies "
                                 "{niskamies} aloittaa.",
                                 "Nobody bid: {player} must play the bolsevikki; {niskamies}, the niskamies, leads."),
    "no_bolsevikki": ("Kukaan ei maalannut bolsevikkia: {form} jatkuu tavalliseen tapaan.",
                      "Nobody bid a bolsevikki: the {form} goes on as usual."),
    "no_bolsevikki_kotka": ("Kukaan ei maalannut bolsevikkia: jakaja jakaa keskikortit näyttämättä, "
                            "sitten kotkamaalaukset.",
                            "Nobody bid a bolsevikki: the dealer deals the centre cards out unseen, then the "
                            "kotka bidding."),
    "thrown_in": ("Kukaan ei maalannut bolsevikkia: jako {deal} heitetään kesken.",
                  "Nobody bid a bolsevikki: deal {deal} is thrown in."),
    # ---------------------------------------------------------------- bidding
    "not_your_turn_to_bid": ("{player} ei ole vuorossa: nyt maalaa {turn}.",
                             "Not {player}'s turn: {turn} bids now."),
    "not_a_bid": ("'{value}' ei ole maalaus (taso 1-7 ja s, c, d, h, misere tai grand).",
                  "'{value}' is not a bid (a level 1-7 and s, c, d, h, misere or grand)."),
    "bid_raised": ("Maalaus {said} on liian matala: se nousee {bid}:ksi.",
                   "The bid {said} is too low: it becomes {bid}."),
    "bid_cannot_be_raised": ("{bid} ei nouse {high}:n yli millään tasolla.",
                             "{bid} cannot be raised above {high} at any level."),
    "pass_misere": ("Kaikki passasivat ensimmäisellä kierroksella: passimisääri. {leader} aloittaa.",
                    "All passed in the first round: pass misère. {leader} leads."),
    "pass_misere_centre": ("Kaikki passasivat ensimmäisellä kierroksella: passimisääri. {dealer} jakaa "
                           "keskikortit näyttämättä; {leader} aloittaa.",
                           "All passed in the first round: pass misère. {dealer} deals the centre cards out "
                           "unseen; {leader} leads."),
    "bidding_over": ("Korkein maalaus {bid}: {player} vaihtaa kortit.",
                     "The highest bid is {bid}: {player} exchanges."),
    "bidding_over_puupaa": ("Korkein maalaus {bid}: puupään kortit siirretään pelaajaa {player} vastapäätä; "
                            "{player} valitsee, nostaako hän vai puupää keskikortit.",
                            "The highest bid is {bid}: the puupää's cards move opposite {player}, who chooses "
                            "whether to take the centre cards or have the puupää take them."),
    "bidding_over_puupaa_kotka": ("Korkein maalaus {bid}: puupään kortit siirretään pelaajaa {player} "
                                  "vastapäätä; {player} valitsee, kumpi antaa kortit ensin yli.",
                                  "The highest bid is {bid}: the puupää's cards move opposite {player}, who "
                                  "chooses which of the two gives first."),
    "not_a_declarer": ("{player} ei ole pääpelaaja: jatkomaalaukset ovat pääpelaajien.",
                       "{player} is not a declarer: only the declarers bid on."),
    "final_contract_below_five": ("Loppumaalaus {bid} on alle viiden tason: maalatkaa vähintään viisi.",
                                  "The contract {bid} is below level 5: bid at least five."),
    "contract_raised": ("Loppumaalaus {bid} on alle viiden tason: se nousee {raised}:ksi.",
                        "The contract {bid} is below level 5: it becomes {raised}."),
    "contract": ("Sitoumus {bid} ({player}); {leader} aloittaa.", "The contract is {bid} ({player}); {leader} leads."),
    "contract_swap": ("Sitoumus {bid} ({player}); sivupelaajat saavat vaihtaa kortin, sitten {leader} aloittaa.",
                      "The contract is {bid} ({player}); the opponents may swap a card, then {leader} leads."),
    # ---------------------------------------------------------------- exchanges
    "centre_not_now": ("Keskikortteja ei nyt näytetä.", "The centre cards are not shown now."),
    "centre_four_cards": ("Keskikortteja on neljä, näkyi {count}.", "There are four centre cards, {count} seen."),
    "centre_not_shown": ("Keskikortit on näytettävä ennen kuin ne nostetaan.",
                         "The centre cards must be shown before they are taken."),
    "reveal_not_used": ("Skruuvissa näytetään vain pakan päällimmäinen, keskikortit ja pelatut kortit (playN), "
                        "ei aluetta {zone}.",
                        "Only the deck's top card, the centre cards and cards played (playN) are shown in Skruuvi, "
                        "not {zone}."),
    "exchange_unseen": ("Korttien vaihdon {count} siirtoa tehtiin näkymättä: vaihto katsotaan tehdyksi.",
                        "The exchange's {count} moves were made unseen: the exchange counts as done."),
    "no_exchange_now": ("Kortteja ei nyt vaihdeta ({phase}).", "No cards are exchanged now ({phase})."),
    "nothing_to_give": ("Alueella {zone} ei ole kortteja annettavaksi.", "{zone} has no cards to give."),
    "exchange_out_of_order": ("{move} tulee vasta myöhemmin; ensin {waiting}.",
                              "{move} comes later; first {waiting}."),
    "exchange_not_expected": ("{move} ei kuulu tähän vaihtoon; odotetaan {waiting}.",
                              "{move} is not part of this exchange; waiting for {waiting}."),
    "swap_not_finished": ("Sivupelaajien vaihto on kesken: kortti takaisin ensin.",
                          "The opponents' swap is half done: the card back first."),
    # ---------------------------------------------------------------- doubling
    "doubled": ("{player} koputti.", "{player} doubled."),
    "redoubled": ("{player} vastakoputti.", "{player} redoubled."),
    "doubling_over": ("Koputukset on jo tehty.", "The doubling is over."),
    "nothing_to_redouble": ("Vastakoputettavaa ei ole: kukaan ei koputtanut.", "Nothing to redouble: nobody doubled."),
    "already_doubled": ("Peli on jo koputettu.", "The game is already doubled."),
    "not_your_turn_to_double": ("{player} ei ole vuorossa: nyt puhuu {turn}.",
                                "Not {player}'s turn: {turn} speaks now."),
    "may_not_double": ("{player} ei voi nyt koputtaa eikä vastakoputtaa.", "{player} may not double or redouble now."),
    # ---------------------------------------------------------------- play
    "not_playing_now": ("Tikkejä ei vielä pelata ({phase}).", "No cards are played yet ({phase})."),
    "card_unread": ("Pelaajan {player} korttia ei luettu: korjaa tapahtuma.",
                    "{player}'s card was not read: correct the event."),
    "play_over": ("Kaikki 13 tikkiä on pelattu.", "All 13 tricks have been played."),
    "card_already_played": ("{card} on jo pelattu tässä jaossa.", "{card} has already been played this deal."),
    "penalty_card_of_other": ("{card} on pelaajan {owner} rangaistuskortti.", "{card} is {owner}'s penalty card."),
    "not_a_penalty_card": ("{card} ei ole rangaistuskortti.", "{card} is not a penalty card."),
    "no_cards_left": ("Pelaajalla {player} ei ole enää kortteja kädessä.", "{player} has no cards left in hand."),
    "already_played_to_trick": ("{player} on jo lyönyt kortin tikkiin {trick}.",
                                "{player} has already played to trick {trick}."),
    "trick_won": ("{player} sai tikin {trick}.", "{player} won trick {trick}."),
    "puupaa_face_up": ("Puupään kortit käännetään näkyviin: {player} pelaa ne.",
                       "The puupää's cards are turned face up: {player} plays them."),
    "played_out_of_turn": ("{player} löi ennen vuoroaan (vuorossa {expected}); kortti pitää.",
                           "{player} played before their turn ({expected} was next); the card stands."),
    "lead_out_of_turn": ("{player} aloitti tikin väärin ({card}): kortti jää rangaistuskortiksi, "
                         "{leader} aloittaa.",
                         "{player} led out of turn ({card}): it stays out as a penalty card; {leader} leads."),
    "revoke": ("{player} ei tunnustanut maata tikissä {trick} ({suit}, nyt {card}): kaksi sakkotikkiä.",
               "{player} revoked in trick {trick} ({suit}, now {card}): two penalty tricks."),
    "revoke_corrected": ("{player} ei tunnustanut maata ({card}): kortti jää rangaistuskortiksi, tilalle {right}.",
                         "{player} revoked ({card}): it stays out as a penalty card, {right} is played instead."),
    "penalty_choice": ("{leader} aloittaa: vastustajat saavat vaatia tai kieltää rangaistuskortin maan ({cards}).",
                       "{leader} leads: the opponents may demand or forbid the penalty card's suit ({cards})."),
    "lead_demanded": ("{player}: aloita maalla {suit}.", "{player}: lead {suit}."),
    "lead_forbidden": ("{player}: älä aloita maalla {suit}.", "{player}: do not lead {suit}."),
    "no_choice_now": ("Rangaistuskortin maasta ei nyt päätetä.", "There is no penalty-card choice to make now."),
    "not_an_opponent": ("{player} ei ole vastustaja: valinta kuuluu vastustajille.",
                        "{player} is not an opponent: the opponents choose."),
    "not_a_penalty_suit": ("Maa '{suit}' ei ole rangaistuskortin maa.", "'{suit}' is not a penalty card's suit."),
    "not_a_suit": ("'{value}' ei ole maa (s, c, d tai h).", "'{value}' is not a suit (s, c, d or h)."),
    "must_lead_demanded_suit": ("Vaadittu maa {suit} on aloitettava rangaistuskortilla.",
                                "The demanded suit, {suit}, must be led with the penalty card."),
    "must_play_penalty_card": ("Rangaistuskortti {card} on lyötävä tähän tikkiin.",
                               "The penalty card {card} must be played to this trick."),
    "suit_forbidden": ("Vastustajat kielsivät maan {suit}.", "The opponents forbade {suit}."),
    "played_card_stands": ("Lyöty kortti {card} pitää: sitä ei saa ottaa takaisin.",
                           "The card played, {card}, stands: it may not be taken back."),
    "penalty_card_stays": ("Rangaistuskortti {card} jää pöytään, kunnes se lyödään.",
                           "The penalty card {card} stays on the table until it is played."),
    "nothing_to_gather": ("Keskellä ei ole valmista tikkiä.", "There is no finished trick in the centre."),
    "trick_misplaced": ("Tikki {trick} käännettiin väärälle puolelle: sen sai {player}.",
                        "Trick {trick} was turned towards the wrong side: {player} won it."),
    # ---------------------------------------------------------------- scores
    "deal_scored": ("Jako {deal} ({bid}): {listing}.", "Deal {deal} ({bid}): {listing}."),
    "sitsi_over": ("Sitsi {sitsi} päättyi: {listing}.", "Sitsi {sitsi} is over: {listing}."),
    "reseated": ("Sitsi {sitsi}: istumajärjestys {seating}; parit {pairs}.",
                 "Sitsi {sitsi}: seats {seating}; pairs {pairs}."),
    "game_over": ("Peli päättyi: {listing}.", "Game over: {listing}."),
    # ---------------------------------------------------------------- events
    "game_is_over": ("Peli on jo päättynyt.", "The game is over."),
    "event_not_used": ("Tapahtuma '{type}' ei kuulu Skruuviin.", "A '{type}' event has no place in Skruuvi."),
    "zone_unknown": ("Alue '{zone}' ei kuulu Skruuviin (deck, centre, trick, aside, handN, tricksN, penaltyN).",
                     "Zone '{zone}' is not a Skruuvi zone (deck, centre, trick, aside, handN, tricksN, penaltyN)."),
    "seat_unknown": ("Paikkaa {seat} ei ole: Skruuvissa paikat ovat 0-3 (kolmella pelaajalla 3 on puupää).",
                     "There is no seat {seat}: Skruuvi seats are 0-3 (with three players, 3 is the puupää)."),
    "seat_mismatch": ("{player} ei voi siirtää korttia alueelta {zone}.", "{player} cannot move a card from {zone}."),
    "move_not_understood": ("Siirto {source} → {target} ei merkitse Skruuvissa mitään.",
                            "A move {source} → {target} means nothing in Skruuvi."),
    "unknown_declaration": ("'{what}' ei merkitse Skruuvissa mitään.", "'{what}' means nothing in Skruuvi."),
    "not_now": ("'{what}' ei käy nyt ({phase}).", "'{what}' is not for now ({phase})."),
    "render_state": ("Sitsi {sitsi}, jako {deal} ({form}), jakaja {dealer}: {phase}.",
                     "Sitsi {sitsi}, deal {deal} ({form}), dealer {dealer}: {phase}."),
    "render_over": ("Peli on päättynyt.", "The game is over."),
})
