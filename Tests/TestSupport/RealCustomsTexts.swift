/// The customs texts (field 302, AD 2.3 item 2) of the two real eAIP pages, as the parser and
/// `ga_notifications.db` tests and the parser benchmark use them.
public enum RealCustomsTexts {
    /// EGMC (its eAIP page).
    public static let egmc = "H24"
    /// LFAQ's English text (its eAIP page), first paragraphs.
    public static let lfaq = """
        For all INTL flights departing and arriving: PPR 12 HR (24 HR SAT, SUN and public HOL) before ETA/ETD from \
        douane.aeroportalbert@douane.finances.gouv.fr with copy to handling@aeroportamienspotez.fr or use the custom form \
        via the website https://aeroportamienspotez.fr/formalites-douanieres
        Prior notice must include the following information:
        - type and registration of the ACFT, company ;
        - type of flight : tourist/business/cargo/other ;
        - airport of departure/arrival, ETA/ETD ;
        - for every crew member and passenger : name, first names, nationality, date of birth and NR national identity card/passport ;
        - goods to declare, presence of cash, securities and valuables.
        """
}
