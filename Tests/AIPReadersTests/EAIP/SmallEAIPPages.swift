import Foundation
import Testing

/// Two small eAIP pages written for the tests of the cut of unread content (``UnreadContentCut``), so its safety net
/// runs in a clean clone without `../shared`. Made up (no real AIP data), in the two families' markup: MakeAIP's
/// `EGXX-AD-2.n` ids, the French SIA's `AD-2.n.LFXX`. Each has sections the reader reads (AD 2.1–2.5, 2.24) and
/// sections it does not, holding what the scan must prove before cutting: predefined entities and character
/// references in text and attributes, comments, CDATA sections, single and double quotes, empty elements, `xml:`
/// attributes and namespace declarations, non-ASCII text, divs and metas inside unread content, a section nested in a
/// read one, a `]` and a `>` in text.
enum SmallEAIPPages {
    /// A page by name, as the cut tests take it.
    struct Page: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Data
        /// The opening tag of a section the reader does not read, after which tests insert markup.
        var unreadSectionTag: String
        /// The opening tag of a section the reader reads.
        var readSectionTag: String

        var testDescription: String { name }
    }

    static let all = [
        Page(name: "EGXX (committed)", bytes: Data(egxx.utf8), unreadSectionTag: "<div id=\"EGXX-AD-2.10\">", readSectionTag: "<div id=\"EGXX-AD-2.3\">"),
        Page(name: "LFXX (committed)", bytes: Data(lfxx.utf8), unreadSectionTag: "<div id=\"AD-2.10.LFXX\">", readSectionTag: "<div id=\"AD-2.3.LFXX\">"),
    ]

    static let egxx = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <!-- Written for aipbundle's tests: a MakeAIP-style AD 2 page, values made up. -->
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en-GB" lang="en-GB"><head>
        <meta name="EM.effectiveDateStart" content="2026-10-29"/><title>EGXX &#8211; TESTFIELD</title>
        <style type="text/css"><![CDATA[ p > span { color: red } ]]></style></head>
        <body><div id="AD-2.EGXX">
        <div id="EGXX-AD-2.1"><h4 class="Title"><span class="Numbering">EGXX AD 2.1</span> AERODROME LOCATION INDICATOR AND NAME</h4><p class="ADName">EGXX &#8212; TESTFIELD</p></div>
        <div id="EGXX-AD-2.2"><h4 class="Title"><span class="Numbering">EGXX AD 2.2</span> AERODROME GEOGRAPHICAL AND ADMINISTRATIVE DATA</h4>
        <table summary='Items &amp; values'><tbody>
        <tr><td>1</td><td><p>ARP coordinates and site at AD</p></td><td><p>511156N 0025144E<br/>Mid-point of RWY 05/23</p></td></tr>
        <tr><td>3</td><td><p>Elevation / Reference temperature</p></td><td><p>13 FT / 21.5 &#176;C</p></td></tr>
        <tr><td>6</td><td><p>AD Administration, address, telephone</p></td><td><p title="Smith &amp; Sons">Smith &amp; Sons Ltd &lt;ops&gt;</p></td></tr>
        </tbody></table></div>
        <div id="EGXX-AD-2.3"><h4 class="Title"><span class="Numbering">EGXX AD 2.3</span> OPERATIONAL HOURS</h4>
        <table><tbody><tr><td>2</td><td><p>Customs and immigration</p></td><td><p>PPR 24 HR &#8216;by phone&#8217;.</p></td></tr>
        <tr><td>12</td><td><p>Remarks</p></td><td><div id="EGYY-AD-2.12"><p>A section nested in a read one is read whole.</p></div></td></tr></tbody></table></div>
        <div id="EGXX-AD-2.4"><h4 class="Title"><span class="Numbering">EGXX AD 2.4</span> HANDLING SERVICES AND FACILITIES</h4>
        <table><tbody><tr><td>2</td><td><p>Fuel and oil types</p></td><td><p>AVGAS 100LL; JET A-1</p></td></tr></tbody></table></div>
        <div id="EGXX-AD-2.5"><h4 class="Title"><span class="Numbering">EGXX AD 2.5</span> PASSENGER FACILITIES</h4>
        <table><tbody><tr><td>1</td><td><p>Hotels</p></td><td><p>In the town, 2 km.</p></td></tr></tbody></table></div>
        <div id="EGXX-AD-2.6"><h4 class="Title"><span class="Numbering">EGXX AD 2.6</span> RESCUE AND FIREFIGHTING SERVICES</h4>
        <!-- Category as notified; see AIP SUP - one dash at a time - here. -->
        <table><tbody><tr><td>1</td><td><p>AD category for firefighting</p></td><td><p class='x' lang="en">RFF CAT 3 &amp; 4 &#x2014; "H24" 'O/R'</p></td></tr></tbody></table></div>
        <div id="EGXX-AD-2.7"><h4 class="Title"><span class="Numbering">EGXX AD 2.7</span> SEASONAL AVAILABILITY</h4>
        <p>Snow ] clearance &gt; priority ]] one; &quot;quoted&quot; &apos;too&apos;. Café €5.</p>
        <script type="text/javascript"><![CDATA[ if (a < b && c > d) { x = "]]" } ]]></script></div>
        <div id="EGXX-AD-2.8"><h4 class="Title"><span class="Numbering">EGXX AD 2.8</span> APRONS, TAXIWAYS AND CHECK LOCATIONS</h4>
        <table xmlns:t="http://www.w3.org/1999/xhtml"><tbody><tr><td xml:lang="en"><p>Apron A</p></td><td><p>Asphalt &#60;PCN 30&#62;</p><br/><img src="a.png" alt=""/></td></tr></tbody></table>
        <div id="EGXX-AD-2.8.1" class="sub"><meta name="note" content="kept inside unread content"/><p>Sub-section</p></div></div>
        <div id="EGXX-AD-2.9"><h4 class="Title"><span class="Numbering">EGXX AD 2.9</span> SURFACE MOVEMENT GUIDANCE</h4>
        <div><div id="EGYY-AD-2.4"><p>A read section inside an unread one is kept.</p></div></div></div>
        <div id="EGXX-AD-2.10"><h4 class="Title"><span class="Numbering">EGXX AD 2.10</span> AERODROME OBSTACLES</h4>
        <table><thead><tr><th>Obstacle</th><th>ELEV</th></tr></thead><tbody><tr><td>Mast &#x28;lit&#x29;</td><td>245 FT</td></tr><tr><td>Crane</td><td>120&#160;FT</td></tr></tbody></table></div>
        <div id="EGXX-AD-2.11"/>
        <div id="EGXX-AD-2.12"><h4 class="Title"><span class="Numbering">EGXX AD 2.12</span> RUNWAY PHYSICAL CHARACTERISTICS</h4>
        <table><tbody><tr><td>05</td><td>051.20&#176;</td><td>1829 x 45 M</td></tr><tr><td>23</td><td>231.22&#176;</td><td>1829 x 45 M</td></tr></tbody></table></div>
        <div id="EGXX-AD-2.24"><h4 class="Title"><span class="Numbering">EGXX AD 2.24</span> CHARTS RELATED TO AN AERODROME</h4>
        <table><tbody><tr><td><p>AERODROME CHART - ICAO</p></td></tr><tr><td><a href="../../graphics/1.pdf">AD 2.EGXX-2-1</a></td></tr>
        <tr><td><p>INSTRUMENT APPROACH CHART ILS RWY 05 - ICAO</p></td></tr></tbody></table></div>
        </div></body></html>
        """#

    static let lfxx = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" lang="fr-FR"><head><meta http-equiv="Content-type" content="text/html; charset=UTF-8"/>
        <meta name="EM.effectiveDateStart" content="2026-10-29"/><meta name="EM.authorityCountry" content="FR"/></head>
        <body><div id="AD-2"><div id="AD-2.LFXX">
        <div id="AD-2.1.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.1</span> Indicateur d&#8217;emplacement <span class="foreign">Location indicator</span></h4>
        <table><tbody><tr><td>LFXX</td><td><span id="gaixm--1--ADHP.TXT_NAME">ESSAI SUR MER</span></td></tr></tbody></table></div>
        <div id="AD-2.2.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.2</span> Données géographiques <span class="foreign">Geographical data</span></h4>
        <table><tbody>
        <tr id="AD-2.2-Position_Geo_Arp"><td>1</td><td>Position GEO ARP</td><td><span>49°00'35"N</span> <span>002°32'52"E</span></td></tr>
        <tr id="AD-2.2-Altitude_Reference"><td>3</td><td>Altitude / <span class="foreign">Elevation</span></td><td><span>392 ft</span></td></tr>
        </tbody></table></div>
        <div id="AD-2.3.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.3</span> Heures de fonctionnement <span class="foreign">Operational hours</span></h4>
        <table><tbody><tr><td>2</td><td>Douanes &amp; police <span class="foreign">Customs &amp; immigration</span></td><td>O/R PN 24 HR &lt;douane&gt;</td></tr></tbody></table></div>
        <div id="AD-2.4.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.4</span> Services d&apos;assistance</h4>
        <table><tbody><tr><td>2</td><td>Carburants</td><td>100LL</td></tr></tbody></table></div>
        <div id="AD-2.5.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.5</span> Installations pour les passagers</h4>
        <table><tbody><tr><td>1</td><td>Hôtels</td><td>En ville</td></tr></tbody></table></div>
        <div id="AD-2.9.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.9</span> Guidage <span class="foreign">Guidance</span></h4>
        <!-- Balisage : voir carte. --><p title="l&#39;aire &quot;A&quot;">Marques &#171; jaunes &#187; ; ]]  &gt;</p>
        <table xml:space="preserve"><tbody><tr><td colspan="2">
          Panneaux <![CDATA[ <b>non</b> & co ]]> </td></tr></tbody></table></div>
        <div id="AD-2.10.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.10</span> Obstacles</h4>
        <table><tbody><tr><td>Antenne</td><td>512 ft</td><td><span id="gaixm--2--OBS.VAL" xmlns:gaixm="http://example.org/gaixm">AMSL</span></td></tr></tbody></table></div>
        <div id="AD-2.12.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.12</span> Caractéristiques physiques des pistes <span class="foreign">Runway physical characteristics</span></h4>
        <table class="AD-2.12"><thead><tr><th>RWY</th><th>QFU</th><th>Dimensions</th><th>Résistance <span class="foreign">Strength</span></th></tr></thead><tbody>
        <tr id="RWY-08"><td>08</td><td>078°</td><td>1600 x 30</td><td>PCN 25/F/B/X/T &#8212; revêtue</td></tr>
        <tr id="RWY-26"><td>26</td><td>258°</td><td>1600 x 30</td><td>PCN 25/F/B/X/T &#8212; revêtue</td></tr>
        <tr><td colspan='4'><!-- Seuils décalés : voir AD 2.14. -->Seuil 26 décalé de 150 m &amp; balisé.</td></tr></tbody></table></div>
        <div id="AD-2.13.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.13</span> Distances déclarées <span class="foreign">Declared distances</span></h4>
        <table><tbody><tr><td>08</td><td>1600</td><td>1600</td><td>1600</td><td>1450</td></tr><tr><td>26</td><td>1600</td><td>1600</td><td>1600</td><td>1600</td></tr></tbody></table></div>
        <div id="AD-2.20.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.20</span> Règlements locaux</h4>
        <div id="AD-2.20.1.LFXX"><p>Consignes &#8211; générales.</p><meta name="x" content="y"/></div></div>
        <div id="AD-2.24.eAIP.LFXX"><h4 class="Title"><span class="Numbering">AD 2 LFXX.AD 2.24</span> Cartes <span class="foreign">Charts</span></h4>
        <div class="Figure"><a href="Cartes/LFXX/AD_2_LFXX_ADC_01.pdf">AD_2_LFXX_ADC_01</a></div>
        <div class="Figure"><a href="Cartes/LFXX/AD_2_LFXX_IAC_RWY26_RNP.pdf">AD_2_LFXX_IAC_RWY26_RNP</a></div></div>
        </div></div></body></html>
        """#
}
