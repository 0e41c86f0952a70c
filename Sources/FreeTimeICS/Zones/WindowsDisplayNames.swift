import FreeTimeCore

/// Windows time zone display names, as Outlook writes them for a TZID (`(UTC-05:00) Eastern Time
/// (US & Canada)`, and before Windows Vista `(GMT-05:00) Eastern Time (US & Canada)`), by their
/// text after the offset (`WindowsDisplayName.key`), each with its Windows zone ID; a text that
/// two zones share (Minsk, Astana) is keyed with its offset in minutes (`180|minsk`).
///
/// Collected from public lists of them: the display names of Windows 10 and 11 (en-US) and of
/// its updates since 2019, those CLDR's Windows zone mapping recorded from 2010 to 2025 (the
/// Windows 7 and Vista texts, and XP's `(GMT…)` ones), and the legacy labels calendar libraries
/// met in calendar files; facts only (a name and a zone ID), no code (docs/BAD-INPUT.md, Zones).
/// The IDs are CLDR's Windows zone IDs; four that current CLDR no longer maps are in
/// `WindowsDisplayName.retiredIDs`.
enum WindowsDisplayNames {
  static let table = """
    abu dhabi, muscat	Arabian Standard Time
    adelaide	Cen. Australia Standard Time
    alaska	Alaskan Standard Time
    aleutian islands	Aleutian Standard Time
    almaty, novosibirsk	N. Central Asia Standard Time
    amman	Jordan Standard Time
    amsterdam, berlin, bern, rome, stockholm, vienna	W. Europe Standard Time
    anadyr, petropavlovsk-kamchatsky	Russia Time Zone 11
    anadyr, petropavlovsk-kamchatsky (rtz 11)	Russia Time Zone 11
    araguaina	Tocantins Standard Time
    arizona	US Mountain Standard Time
    ashgabat, tashkent	West Asia Standard Time
    300|astana	Qyzylorda Standard Time
    360|astana	Central Asia Standard Time
    astana, dhaka	Central Asia Standard Time
    astrakhan, ulyanovsk	Astrakhan Standard Time
    asuncion	Paraguay Standard Time
    athens, bucharest	GTB Standard Time
    athens, bucharest, istanbul	GTB Standard Time
    athens, istanbul, minsk	GTB Standard Time
    atlantic time (canada)	Atlantic Standard Time
    auckland, wellington	New Zealand Standard Time
    azores	Azores Standard Time
    baghdad	Arabic Standard Time
    baja california	Pacific Standard Time (Mexico)
    baku	Azerbaijan Standard Time
    baku, tbilisi, yerevan	Caucasus Standard Time
    bangkok, hanoi, jakarta	SE Asia Standard Time
    barnaul, gorno-altaysk	Altai Standard Time
    beijing, chongqing, hong kong sar, urumqi	China Standard Time
    beijing, chongqing, hong kong, urumqi	China Standard Time
    beirut	Middle East Standard Time
    belgrade, bratislava, budapest, ljubljana, prague	Central Europe Standard Time
    bishkek	Central Asia Standard Time
    bogota, lima, quito	SA Pacific Standard Time
    bogota, lima, quito, rio branco	SA Pacific Standard Time
    bougainville island	Bougainville Standard Time
    brasilia	E. South America Standard Time
    brisbane	E. Australia Standard Time
    brussels, copenhagen, madrid, paris	Romance Standard Time
    bucharest	E. Europe Standard Time
    buenos aires	Argentina Standard Time
    buenos aires, georgetown	SA Eastern Standard Time
    cabo verde is.	Cape Verde Standard Time
    cairo	Egypt Standard Time
    canberra, melbourne, sydney	AUS Eastern Standard Time
    cape verde is.	Cape Verde Standard Time
    cape verde islands	Cape Verde Standard Time
    caracas	Venezuela Standard Time
    caracas, la paz	SA Western Standard Time
    casablanca	Morocco Standard Time
    casablanca, monrovia	Greenwich Standard Time
    casablanca, monrovia, reykjavik	Greenwich Standard Time
    caucasus standard time	Caucasus Standard Time
    cayenne	SA Eastern Standard Time
    cayenne, fortaleza	SA Eastern Standard Time
    central america	Central America Standard Time
    central time (us & canada)	Central Standard Time
    chatham islands	Chatham Islands Standard Time
    chennai, kolkata, mumbai, new delhi	India Standard Time
    chetumal	Eastern Standard Time (Mexico)
    chihuahua, la paz, mazatlan	Mountain Standard Time (Mexico)
    chihuahua, la paz, mazatlan - new	Mountain Standard Time (Mexico)
    chihuahua, la paz, mazatlan - old	Mexico Standard Time 2
    chisinau	E. Europe Standard Time
    chita	Transbaikal Standard Time
    chokurdakh	Russia Time Zone 10
    chokurdakh (rtz 10)	Russia Time Zone 10
    city of buenos aires	Argentina Standard Time
    coordinated universal time	UTC
    coordinated universal time+12	UTC+12
    coordinated universal time+13	UTC+13
    coordinated universal time-02	UTC-02
    coordinated universal time-08	UTC-08
    coordinated universal time-09	UTC-09
    coordinated universal time-11	UTC-11
    cuiaba	Central Brazilian Standard Time
    damascus	Syria Standard Time
    darwin	AUS Central Standard Time
    dhaka	Bangladesh Standard Time
    dublin, edinburgh, lisbon, london	GMT Standard Time
    e. europe	E. Europe Standard Time
    easter island	Easter Island Standard Time
    eastern time (us & canada)	Eastern Standard Time
    ekaterinburg	Ekaterinburg Standard Time
    ekaterinburg (rtz 4)	Ekaterinburg Standard Time
    eucla	Aus Central W. Standard Time
    fiji	Fiji Standard Time
    fiji, kamchatka, marshall is.	Fiji Standard Time
    fiji, marshall is.	Fiji Standard Time
    gaza, hebron	West Bank Standard Time
    georgetown	SA Eastern Standard Time
    georgetown, la paz, manaus, san juan	SA Western Standard Time
    georgetown, la paz, san juan	SA Western Standard Time
    greenland	Greenland Standard Time
    greenwich mean time: dublin, edinburgh, lisbon, london	GMT Standard Time
    guadalajara, mexico city, monterrey	Central Standard Time (Mexico)
    guadalajara, mexico city, monterrey - new	Central Standard Time (Mexico)
    guadalajara, mexico city, monterrey - old	Mexico Standard Time
    guam, port moresby	West Pacific Standard Time
    haiti	Haiti Standard Time
    harare, pretoria	South Africa Standard Time
    havana	Cuba Standard Time
    hawaii	Hawaiian Standard Time
    helsinki, kiev, riga, sofia, tallinn, vilnius	FLE Standard Time
    helsinki, kyiv, riga, sofia, tallinn, vilnius	FLE Standard Time
    hobart	Tasmania Standard Time
    hovd	W. Mongolia Standard Time
    indiana (east)	US Eastern Standard Time
    international date line west	Dateline Standard Time
    irkutsk	North Asia East Standard Time
    irkutsk (rtz 7)	North Asia East Standard Time
    irkutsk, ulaan bataar	North Asia East Standard Time
    irkutsk, ulaanbaatar	North Asia East Standard Time
    islamabad, karachi	Pakistan Standard Time
    islamabad, karachi, tashkent	West Asia Standard Time
    istanbul	Turkey Standard Time
    izhevsk, samara	Russia Time Zone 3
    izhevsk, samara (rtz 3)	Russia Time Zone 3
    jerusalem	Israel Standard Time
    juba	South Sudan Standard Time
    kabul	Afghanistan Standard Time
    kaliningrad	Kaliningrad Standard Time
    kaliningrad (rtz 1)	Kaliningrad Standard Time
    kaliningrad, minsk	Kaliningrad Standard Time
    kathmandu	Nepal Standard Time
    khartoum	Sudan Standard Time
    kiritimati island	Line Islands Standard Time
    krasnoyarsk	North Asia Standard Time
    krasnoyarsk (rtz 6)	North Asia Standard Time
    kuala lumpur, singapore	Singapore Standard Time
    kuwait, riyadh	Arab Standard Time
    la paz	SA Western Standard Time
    la paz, mazatlan	Mountain Standard Time (Mexico)
    lord howe island	Lord Howe Standard Time
    magadan	Magadan Standard Time
    magadan, solomon is., new caledonia	Central Pacific Standard Time
    magadan, solomon islands, new caledonia	Central Pacific Standard Time
    manaus	Central Brazilian Standard Time
    marquesas islands	Marquesas Standard Time
    mid-atlantic	Mid-Atlantic Standard Time
    mid-atlantic - old	Mid-Atlantic Standard Time
    midway island, samoa	Samoa Standard Time
    120|minsk	E. Europe Standard Time
    180|minsk	Belarus Standard Time
    monrovia, reykjavik	Greenwich Standard Time
    montevideo	Montevideo Standard Time
    moscow, st. petersburg	Russian Standard Time
    moscow, st. petersburg, volgograd	Russian Standard Time
    moscow, st. petersburg, volgograd (rtz 2)	Russian Standard Time
    mountain time (us & canada)	Mountain Standard Time
    nairobi	E. Africa Standard Time
    newfoundland	Newfoundland Standard Time
    nicosia	E. Europe Standard Time
    norfolk island	Norfolk Standard Time
    novosibirsk	N. Central Asia Standard Time
    novosibirsk (rtz 5)	N. Central Asia Standard Time
    nuku'alofa	Tonga Standard Time
    omsk	Omsk Standard Time
    osaka, sapporo, tokyo	Tokyo Standard Time
    pacific time (us & canada)	Pacific Standard Time
    pacific time (us & canada), tijuana	Pacific Standard Time
    perth	W. Australia Standard Time
    720|petropavlovsk-kamchatsky	Russia Time Zone 11
    petropavlovsk-kamchatsky - old	Kamchatka Standard Time
    port louis	Mauritius Standard Time
    punta arenas	Magallanes Standard Time
    pyongyang	North Korea Standard Time
    qyzylorda	Qyzylorda Standard Time
    rangoon	Myanmar Standard Time
    saint pierre & miquelon	Saint Pierre Standard Time
    sakhalin	Sakhalin Standard Time
    salvador	Bahia Standard Time
    samoa	Samoa Standard Time
    santiago	Pacific SA Standard Time
    sao tome	Sao Tome Standard Time
    sarajevo, skopje, warsaw, zagreb	Central European Standard Time
    saratov	Saratov Standard Time
    saskatchewan	Canada Central Standard Time
    seoul	Korea Standard Time
    solomon is., new caledonia	Central Pacific Standard Time
    sri jayawardenepura	Sri Lanka Standard Time
    taipei	Taipei Standard Time
    tashkent	West Asia Standard Time
    tbilisi	Georgian Standard Time
    tehran	Iran Standard Time
    tijuana, baja california	Pacific Standard Time (Mexico)
    tomsk	Tomsk Standard Time
    tripoli	Libya Standard Time
    turks & caicos	Turks And Caicos Standard Time
    ulaanbaatar	Ulaanbaatar Standard Time
    vladivostok	Vladivostok Standard Time
    vladivostok, magadan (rtz 9)	Vladivostok Standard Time
    volgograd	Volgograd Standard Time
    west central africa	W. Central Africa Standard Time
    windhoek	Namibia Standard Time
    yakutsk	Yakutsk Standard Time
    yakutsk (rtz 8)	Yakutsk Standard Time
    yangon (rangoon)	Myanmar Standard Time
    yangon rangoon	Myanmar Standard Time
    yerevan	Caucasus Standard Time
    yukon	Yukon Standard Time
    """
}
