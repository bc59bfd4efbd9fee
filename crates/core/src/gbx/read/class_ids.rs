//! Class-id facts the GBX reader needs: the name of each engine class id, and
//! the public table that maps old (pre-ManiaPlanet) class ids to current ones.
//!
//! A class id is `engine << 24 | class << 12`; in a chunk id the low 12 bits
//! are the chunk index (`0x03043007` = engine `03` Game, class `043`
//! `CGameCtnChallenge`, chunk `007`).
//!
//! # Sources
//!
//! Plain data transcribed from public lists (ids and names only, no code):
//!
//! - [`CLASS_NAMES`], base: the GBX.NET class-id list by BigBang1112,
//!   repository `BigBang1112/gbx-net`, path `Src/GBX.NET/Resources/ClassID.txt`
//!   (commit `1bbb7ec0d49cb2b5ec37584e5c071e90d65da9dc`), every named entry of
//!   every engine it lists (`00`, `01`, `03`–`0C`, `10`–`14`, `21`, `24`,
//!   `2D`, `2E`, `2F`; unnamed slots skipped). These entries carry no comment
//!   in the table.
//! - Ids that list lacks come from the per-game class dumps GBX.NET generates
//!   its newer `Resources/ClassId.txt` from (same repository, folder
//!   `Tools/ClassIdTxtFromGbxClassInfo/GbxClassInfo/`); the newer generated
//!   file itself was not readable from the stored index. Marked in the table:
//!   - `// Trackmania2020`: `Trackmania2020.txt` (commit
//!     `0760e02ed5f34e6d3aa1375966aeae7e22b37e95`), engines `03`, `09`, `0C`,
//!     `2E` and `2F` only;
//!   - `// TmUnited`: `TmUnited.txt` (commit
//!     `21973d8c3d165e03be158b7749d1373548eb92e8`), engine `24`: the old
//!     "Construction" ids such as `0x24003000` `CConstructionChallenge`;
//!   - `// Maniaplanet`: `Maniaplanet.txt` (commit
//!     `3bbc67504de313d17bc1e4e25a31d343d9366ffa`), which renames
//!     `0x2407E000` to `CTrackManiaReplayRecord_deprecated`;
//!   - `// remap`: `0x0313B000`, named after its remap target
//!     `0x2E009000` `CGameWaypointSpecialProperty`.
//!
//!   When an id appears in several sources the `ClassID.txt` name is kept
//!   (later games reused some ids: `0x030C0000` is
//!   `CGameControlCardNetOnlineNews` there but `CGameCtnMediaBlockLightmap`
//!   in the Trackmania 2020 dump).
//! - [`CLASS_REMAP`]: the union of GBX.NET's
//!   `Src/GBX.NET/Resources/ClassIDMappings.txt` (commit
//!   `cae4dde413d1d710f2f8e6aa5bac58eebac6540d`) and its newer
//!   `Resources/Wrap.txt` (commit `a1a3f3a9af38bafd3bb7e8d74d7cb96b6072fcd0`);
//!   where both give an id, `Wrap.txt` wins (the three such ids reach the same
//!   final class either way once chains are followed).
//! - The same layout and an older form of both tables are described on the
//!   Mania Tech Wiki page "Class IDs" (<https://wiki.xaseco.org/wiki/Class_IDs>,
//!   sections "Engine and class IDs" and "Class ID mappings").
//!
//! Entry `0x00105000` (`CMwCmdExpStringConcat`, engine `00`) is kept as the
//! list gives it; the wiki notes it as a never-corrected typo in the game (there
//! is no engine `00`). Engine `30` (`MetaNotPersistent`, runtime-only
//! structures) is not in the list and not included.

/// Bits of a chunk id that name the class (engine and class index); the other
/// 12 bits are the chunk index.
pub const CLASS_ID_MASK: u32 = 0xFFFF_F000;

/// Name of every known engine class id, sorted by id, no id twice.
///
/// Old ids (engine `24` "Construction" classes, `0x2407E000`, ...) keep their
/// own old names; use [`remap_class_id`] to get the current class first when
/// the modern name is wanted.
pub const CLASS_NAMES: &[(u32, &str)] = &[
    // Engine 0x00
    (0x00105000, "CMwCmdExpStringConcat"),
    // Engine 0x01
    (0x01001000, "CMwNod"),
    (0x01003000, "CMwEngine"),
    (0x01005000, "CMwCmd"),
    (0x01006000, "CMwParam"),
    (0x01007000, "CMwParamClass"),
    (0x01008000, "CMwParamStruct"),
    (0x01009000, "CMwParamAction"),
    (0x0100C000, "CMwParamBool"),
    (0x0100D000, "CMwParamEnum"),
    (0x0100E000, "CMwParamInteger"),
    (0x0100F000, "CMwParamIntegerRange"),
    (0x01010000, "CMwParamNatural"),
    (0x01011000, "CMwParamNaturalRange"),
    (0x01012000, "CMwCmdFastCall"),
    (0x01013000, "CMwParamReal"),
    (0x01014000, "CMwParamRealRange"),
    (0x01015000, "CMwParamString"),
    (0x01016000, "CMwParamVec3"),
    (0x01017000, "CMwParamIso3"),
    (0x01018000, "CMwParamColor"),
    (0x01019000, "CMwParamVec2"),
    (0x0101A000, "CMwParamIso4"),
    (0x0101C000, "CMwCmdBuffer"),
    (0x0101E000, "CMwCmdFiber"),
    (0x0101F000, "CMwParamVec4"),
    (0x01020000, "CMwCmdBufferCore"),
    (0x01022000, "CMwClassInfoViewer"),
    (0x01024000, "CMwParamProc"),
    (0x01026000, "CMwRefBuffer"),
    (0x01027000, "CMwParamRefBuffer"),
    (0x01028000, "CMwParamStringInt"),
    (0x01029000, "CMwStatsValue"),
    (0x01030000, "CMwCmdBlock"),
    (0x01031000, "CMwCmdInst"),
    (0x01032000, "CMwCmdAffectIdent"),
    (0x01033000, "CMwCmdAffectParam"),
    (0x01034000, "CMwCmdCall"),
    (0x01035000, "CMwCmdFor"),
    (0x01036000, "CMwCmdIf"),
    (0x01037000, "CMwCmdWhile"),
    (0x01038000, "CMwCmdExp"),
    (0x01039000, "CMwCmdExpAdd"),
    (0x0103A000, "CMwCmdExpAnd"),
    (0x0103B000, "CMwCmdExpBool"),
    (0x0103C000, "CMwCmdExpBoolIdent"),
    (0x0103D000, "CMwCmdExpBoolParam"),
    (0x0103E000, "CMwCmdExpDiff"),
    (0x0103F000, "CMwCmdExpDiv"),
    (0x01040000, "CMwCmdExpEgal"),
    (0x01041000, "CMwCmdExpInf"),
    (0x01042000, "CMwCmdExpInfEgal"),
    (0x01043000, "CMwCmdExpMult"),
    (0x01044000, "CMwCmdExpNeg"),
    (0x01045000, "CMwCmdExpNot"),
    (0x01046000, "CMwCmdExpNum"),
    (0x01047000, "CMwCmdExpNumIdent"),
    (0x01048000, "CMwCmdExpNumParam"),
    (0x01049000, "CMwCmdExpOr"),
    (0x0104A000, "CMwCmdExpPower"),
    (0x0104B000, "CMwCmdExpSub"),
    (0x0104C000, "CMwCmdExpSup"),
    (0x0104D000, "CMwCmdExpSupEgal"),
    (0x0104E000, "CMwCmdExpString"),
    (0x0104F000, "CMwCmdExpStringIdent"),
    (0x01050000, "CMwCmdExpStringParam"),
    (0x01052000, "CMwCmdScript"),
    (0x01053000, "CMwCmdExpNumBin"),
    (0x01054000, "CMwCmdExpBoolBin"),
    (0x01055000, "CMwCmdExpNumFunction"),
    (0x01056000, "CMwCmdExpClass"),
    (0x01057000, "CMwCmdExpClassIdent"),
    (0x01058000, "CMwCmdExpClassParam"),
    (0x01059000, "CMwCmdExpEnum"),
    (0x0105A000, "CMwCmdExpEnumParam"),
    (0x0105B000, "CMwCmdSwitch"),
    (0x0105C000, "CMwCmdExpVec2"),
    (0x0105D000, "CMwCmdExpVec2Ident"),
    (0x0105E000, "CMwCmdExpVec2Param"),
    (0x0105F000, "CMwCmdExpVec3"),
    (0x01060000, "CMwCmdExpVec3Ident"),
    (0x01061000, "CMwCmdExpVec3Param"),
    (0x01062000, "CMwCmdExpIso4"),
    (0x01063000, "CMwCmdExpIso4Ident"),
    (0x01064000, "CMwCmdExpIso4Param"),
    (0x01065000, "CMwCmdBlockCast"),
    (0x01066000, "CMwCmdSwitchType"),
    (0x01067000, "CMwCmdBlockMain"),
    (0x01068000, "CMwCmdScriptVar"),
    (0x01069000, "CMwCmdScriptVarBool"),
    (0x0106A000, "CMwCmdScriptVarClass"),
    (0x0106B000, "CMwCmdScriptVarFloat"),
    (0x0106C000, "CMwCmdScriptVarInt"),
    (0x0106D000, "CMwCmdScriptVarIso4"),
    (0x0106E000, "CMwCmdScriptVarString"),
    (0x0106F000, "CMwCmdScriptVarVec2"),
    (0x01070000, "CMwCmdScriptVarVec3"),
    (0x01071000, "CMwCmdAffectIdentBool"),
    (0x01072000, "CMwCmdAffectIdentClass"),
    (0x01073000, "CMwCmdAffectIdentIso4"),
    (0x01074000, "CMwCmdAffectIdentNum"),
    (0x01075000, "CMwCmdAffectIdentString"),
    (0x01076000, "CMwCmdAffectIdentVec2"),
    (0x01077000, "CMwCmdAffectIdentVec3"),
    (0x01078000, "CMwCmdAffectParamBool"),
    (0x01079000, "CMwCmdAffectParamClass"),
    (0x0107A000, "CMwCmdAffectParamEnum"),
    (0x0107B000, "CMwCmdAffectParamIso4"),
    (0x0107C000, "CMwCmdAffectParamNum"),
    (0x0107D000, "CMwCmdAffectParamString"),
    (0x0107E000, "CMwCmdAffectParamVec2"),
    (0x0107F000, "CMwCmdAffectParamVec3"),
    (0x01080000, "CBlockVariable"),
    (0x01082000, "CMwCmdSleep"),
    (0x01083000, "CMwCmdWait"),
    (0x01084000, "CMwCmdLog"),
    (0x01085000, "CMwCmdExpVec2Add"),
    (0x01086000, "CMwCmdExpVec2Sub"),
    (0x01087000, "CMwCmdExpVec2Neg"),
    (0x01088000, "CMwCmdExpVec2Mult"),
    (0x01089000, "CMwCmdExpVec3Add"),
    (0x0108A000, "CMwCmdExpVec3Sub"),
    (0x0108B000, "CMwCmdExpVec3Neg"),
    (0x0108C000, "CMwCmdExpVec3Mult"),
    (0x0108D000, "CMwCmdExpVec3MultIso"),
    (0x0108E000, "CMwCmdExpVec3Product"),
    (0x0108F000, "CMwCmdExpIso4Mult"),
    (0x01090000, "CMwCmdExpIso4Inverse"),
    (0x01091000, "CMwCmdExpNumDotProduct2"),
    (0x01092000, "CMwCmdExpNumDotProduct3"),
    (0x01093000, "CMwCmdContainer"),
    (0x01094000, "CMwCmdReturn"),
    (0x01095000, "CMwCmdBreak"),
    (0x01096000, "CMwCmdContinue"),
    (0x01097000, "CMwCmdProc"),
    (0x01098000, "CMwCmdBlockProcedure"),
    (0x01099000, "CMwCmdBlockFunction"),
    (0x0109A000, "CMwCmdExpBoolFunction"),
    (0x0109B000, "CMwCmdExpClassFunction"),
    (0x0109C000, "CMwCmdExpIso4Function"),
    (0x0109D000, "CMwCmdExpStringFunction"),
    (0x0109E000, "CMwCmdExpVec2Function"),
    (0x0109F000, "CMwCmdExpVec3Function"),
    (0x010A0000, "CMwCmdArrayAdd"),
    (0x010A1000, "CMwCmdArrayRemove"),
    (0x010A2000, "CMwCmdExpClassThis"),
    (0x010A3000, "CMwCmdExpStringTrunc"),
    (0x010A4000, "CMwCmdExpEnumIdent"),
    (0x010A5000, "CMwCmdAffectIdentEnum"),
    (0x010A6000, "CMwCmdScriptVarEnum"),
    (0x010A7000, "CMwCmdExpStringUpDownCase"),
    (0x010A8000, "CMwCmdExpNumCastedEnum"),
    (0x010A9000, "CMwCmdExpEnumCastedNum"),
    (0x010B0000, "CMwParamQuat"),
    (0x010C0000, "CMwCmdFastCallUser"),
    (0x010D0000, "CMwParamMwId"),
    // Engine 0x03
    (0x03000000, "CGameEngine"),
    (0x03001000, "CGameRule"),
    (0x03002000, "CGamePlayer"),
    (0x03003000, "CGameControlPlayer"),
    (0x03004000, "CGameProcess"),
    (0x03005000, "CGameApp"),
    (0x03006000, "CGameMasterServer"),
    (0x03007000, "CGameMobil"),
    (0x03008000, "CGameNod"),
    (0x03009000, "CGameMenu"),
    (0x0300A000, "CGameNetFormGameSync"),
    (0x0300B000, "CGameMenuFrame"),
    (0x0300C000, "CGameSystemOverlay"),
    (0x0300D000, "CGamePlayground"),
    (0x0300E000, "CGameNetPlayerInfo"),
    (0x0300F000, "CGameNetwork"),
    (0x03010000, "CGameNetFormTunnel"),
    (0x03011000, "CGameManiaPlanetNetwork"), // Trackmania2020
    (0x03012000, "CGameControlPlayerNet"),
    (0x03013000, "CGameControlPlayerInput"),
    (0x03014000, "CGameStation"), // Trackmania2020
    (0x03015000, "CGameBulletModel"),
    (0x03017000, "CGameManialinkEntry"),
    (0x03018000, "CGameScene"),
    (0x03019000, "CGameMenuColorEffect"),
    (0x0301A000, "CGameCtnCollector"),
    (0x0301B000, "CGameCtnCollectorList"),
    (0x0301C000, "CGameCtnCollectorVehicle"),
    (0x0301D000, "CGameCtnChapter"),
    (0x0301E000, "CGameCtnCatalog"),
    (0x0301F000, "CGameCtnArticle"),
    (0x03020000, "CGameNetOnlineEvent"),
    (0x03021000, "CGameCtnPlayground"), // Trackmania2020
    (0x03022000, "CGameNetOnlineNews"),
    (0x03023000, "CGameCamera"),
    (0x03024000, "CGameCtnMediaBlock3dStereo"),
    (0x03025000, "CGameNetTeamInfo"),
    (0x03026000, "CGameMasterServerRequest"), // Trackmania2020
    (0x03027000, "CGameAvatar"),
    (0x03028000, "CGameNetOnlineMessage"),
    (0x03029000, "CGameCtnMediaBlockTriangles"),
    (0x0302A000, "CGameRemoteBuffer"),
    (0x0302B000, "CGameRemoteBufferPool"),
    (0x0302C000, "CGameRemoteBufferDataInfo"),
    (0x0302D000, "CGameInterface"),
    (0x0302E000, "CGameNetServerInfo"),
    (0x0302F000, "CGameNetForm"),
    (0x03030000, "CGameDialogs"),
    (0x03031000, "CGameSkin"),
    (0x03032000, "CGameMenuScaleEffect"),
    (0x03033000, "CGameCtnCollection"),
    (0x03034000, "CGameCtnMediaBlockEditor"),
    (0x03035000, "CGameCtnObjectInfo"),
    (0x03036000, "CGameCtnBlockUnitInfo"),
    (0x03037000, "CGameFid"),
    (0x03038000, "CGameCtnDecoration"),
    (0x03039000, "CGameCtnDecorationAudio"),
    (0x0303A000, "CGameCtnDecorationMood"),
    (0x0303B000, "CGameCtnDecorationSize"),
    (0x0303C000, "CGameCtnDecorationTerrainModifier"),
    (0x0303D000, "CGameAdvertising"),
    (0x0303E000, "CGameAdvertisingElement"),
    (0x0303F000, "CGameGhost"),
    (0x03040000, "CGameControlCameraMaster"),
    (0x03041000, "CGameControlCameraFirstPerson"), // Trackmania2020
    (0x03042000, "CGameControlCameraEffectAdaptativeNearZ"),
    (0x03043000, "CGameCtnChallenge"),
    (0x03044000, "CGameCtnChallengeInfo"),
    (0x03045000, "CGameOutlineBox"),
    (0x03046000, "CGameCtnParticleParam"),
    (0x03047000, "CGameHighScore"),
    (0x03048000, "CGameCtnPainterSetting"),
    (0x03049000, "CGameLeagueManager"),
    (0x0304A000, "CGameCtnMediaBlockEditorTriangles"),
    (0x0304B000, "CGameCtnMediaBlockTriangles2D"),
    (0x0304C000, "CGameCtnMediaBlockTriangles3D"),
    (0x0304D000, "CGameNetOnlineNewsReply"),
    (0x0304E000, "CGameCtnBlockInfo"),
    (0x0304F000, "CGameCtnBlockInfoFlat"),
    (0x03050000, "CGameCtnBlockInfoFrontier"),
    (0x03051000, "CGameCtnBlockInfoClassic"),
    (0x03052000, "CGameCtnBlockInfoRoad"),
    (0x03053000, "CGameCtnBlockInfoClip"),
    (0x03054000, "CGameCtnBlockInfoSlope"),
    (0x03055000, "CGameCtnBlockInfoPylon"),
    (0x03056000, "CGameCtnBlockInfoRectAsym"),
    (0x03057000, "CGameCtnBlock"),
    (0x03058000, "CGameCtnBlockUnit"),
    (0x03059000, "CGameCtnBlockSkin"),
    (0x0305A000, "CGameCtnPylonColumn"),
    (0x0305B000, "CGameCtnChallengeParameters"),
    (0x0305C000, "CGameCtnZone"),
    (0x0305D000, "CGameCtnZoneFlat"),
    (0x0305E000, "CGameCtnZoneFrontier"),
    (0x0305F000, "CGameCtnZoneTest"),
    (0x03060000, "CGameCtnMediaShootParams"),
    (0x03061000, "CGameCampaignsScoresManager"),
    (0x03062000, "CGameSkillScoreComputer"),
    (0x03063000, "CGameCampaignScores"),
    (0x03064000, "CGameChallengeScores"),
    (0x03065000, "CGameGeneralScores"),
    (0x03066000, "CGameManialinkBrowser"),
    (0x03067000, "CGameNetFormAdmin"),
    (0x03068000, "CGameNetFileTransfer"),
    (0x03069000, "CGameNetFormTimeSync"),
    (0x0306A000, "CGameNetFormCallVote"),
    (0x0306B000, "CGameControlCamera"),
    (0x0306D000, "CGameControlCameraFree"),
    (0x0306E000, "CGameControlCameraOrbital3d"),
    (0x0306F000, "CGameControlCameraEffect"),
    (0x03070000, "CGameControlCameraEffectGroup"),
    (0x03071000, "CGameControlCameraEffectShake"),
    (0x03072000, "CGameControlCameraTarget"),
    (0x03073000, "CGameRace"),
    (0x03076000, "CGameLadderRanking"),
    (0x03077000, "CGameCtnMediaBlock"),
    (0x03078000, "CGameCtnMediaTrack"),
    (0x03079000, "CGameCtnMediaClip"),
    (0x0307A000, "CGameCtnMediaClipGroup"),
    (0x0307C000, "CGameCtnMediaBlockCamera"),
    (0x0307D000, "CGameCtnMediaBlockUi"),
    (0x0307E000, "CGameCtnMediaBlockFx"),
    (0x0307F000, "CGameCtnMediaBlockFxBlur"),
    (0x03080000, "CGameCtnMediaBlockFxColors"),
    (0x03081000, "CGameCtnMediaBlockFxBlurDepth"),
    (0x03082000, "CGameCtnMediaBlockFxBlurMotion"),
    (0x03083000, "CGameCtnMediaBlockFxBloom"),
    (0x03084000, "CGameCtnMediaBlockCameraGame"),
    (0x03085000, "CGameCtnMediaBlockTime"),
    (0x03086000, "CGameCtnMediaClipPlayer"),
    (0x03087000, "CGameCtnMediaBlockEvent"),
    (0x03088000, "CGameRaceInterface"),
    (0x03089000, "CGameManiaNetResource"),
    (0x0308A000, "CGamePlayerInfo"),
    (0x0308B000, "CGamePlayerCameraSet"),
    (0x0308C000, "CGamePlayerProfile"),
    (0x0308D000, "CGamePlayerScore"),
    (0x0308E000, "CGameLeague"),
    (0x0308F000, "CGameCtnChallengeGroup"),
    (0x03090000, "CGameCtnCampaign"),
    (0x03091000, "CGameCtnGhostInfo"),
    (0x03092000, "CGameCtnGhost"),
    (0x03093000, "CGameCtnReplayRecord"),
    (0x03094000, "CGameCtnReplayRecordInfo"),
    (0x03095000, "CGamePlayerOfficialScores"),
    (0x03096000, "CGameLadderRankingLeague"),
    (0x03097000, "CGameLadderRankingPlayer"),
    (0x03099000, "CGameLadderRankingSkill"),
    (0x0309A000, "CGameControlCard"),
    (0x0309B000, "CGameControlCardManager"),
    (0x0309C000, "CGameControlDataType"),
    (0x0309F000, "CGameCtnMediaBlockCameraSimple"),
    (0x030A0000, "CGameCtnMediaBlockCameraOrbital"),
    (0x030A1000, "CGameCtnMediaBlockCameraPath"),
    (0x030A2000, "CGameCtnMediaBlockCameraCustom"),
    (0x030A3000, "CGameCtnMediaBlockCameraEffect"),
    (0x030A4000, "CGameCtnMediaBlockCameraEffectShake"),
    (0x030A5000, "CGameCtnMediaBlockImage"),
    (0x030A6000, "CGameCtnMediaBlockMusicEffect"),
    (0x030A7000, "CGameCtnMediaBlockSound"),
    (0x030A8000, "CGameCtnMediaBlockText"),
    (0x030A9000, "CGameCtnMediaBlockTrails"),
    (0x030AA000, "CGameCtnMediaBlockTransition"),
    (0x030AB000, "CGameCtnMediaBlockTransitionFade"),
    (0x030AC000, "CGameCtnMediaBlockUiSimpleEvtsDisplay"),
    (0x030AD000, "CGameCtnMediaClipViewer"),
    (0x030AE000, "CGameCtnCursor"),
    (0x030AF000, "CGameCtnEditor"),
    (0x030B1000, "CGameCtnMediaTracker"),
    (0x030B2000, "CGamePopUp"),
    (0x030B3000, "CGameCtnEdControlCam"),
    (0x030B4000, "CGameCtnEdControlCamCustom"),
    (0x030B5000, "CGameCtnEdControlCamPath"),
    (0x030B6000, "CGameSafeFrame"),
    (0x030B7000, "CGameSafeFrameConfig"),
    (0x030B8000, "CGameCtnPainter"),
    (0x030B9000, "CGameControlGrid"),
    (0x030BA000, "CGameControlGridCard"),
    (0x030BB000, "CGameCtnNetServerInfo"),
    (0x030BC000, "CGameControlCardCtnChallengeInfo"),
    (0x030BD000, "CGameControlCardGeneric"),
    (0x030BE000, "CGameControlCardLeague"),
    (0x030BF000, "CGameControlCardCtnNetServerInfo"),
    (0x030C0000, "CGameControlCardNetOnlineNews"),
    (0x030C1000, "CGameControlCardLadderRanking"),
    (0x030C2000, "CGameControlCardMessage"),
    (0x030C3000, "CGameActionFxVis"),
    (0x030C4000, "CGameCalendarEvent"),
    (0x030C5000, "CGameControlCardCalendar"),
    (0x030C6000, "CGameControlCardCalendarEvent"),
    (0x030C7000, "CGameControlCardProfile"),
    (0x030C8000, "CGameControlCardCtnReplayRecordInfo"),
    (0x030C9000, "CGameCtnMenus"),
    (0x030CA000, "CGameLadderRankingCtnChallengeAchievement"),
    (0x030CB000, "CGameCtnNetForm"),
    (0x030CC000, "CGameRemoteBufferDataInfoFinds"),
    (0x030CD000, "CGameRemoteBufferDataInfoRankings"),
    (0x030CE000, "CGameRemoteBufferDataInfoSearchs"),
    (0x030CF000, "CGameTournament"),
    (0x030D0000, "CGameChampionship"),
    (0x030D1000, "CGameCtnMasterServer"),
    (0x030D2000, "CGameCtnNetwork"),
    (0x030D3000, "CGameCtnApp"),
    (0x030D5000, "CGameControlCardCtnArticle"),
    (0x030D6000, "CGameControlCardCtnCampaign"),
    (0x030D7000, "CGameControlCardChampionship"),
    (0x030D8000, "CGameControlCardCtnChapter"),
    (0x030D9000, "CGameControlCardCtnGhost"),
    (0x030DA000, "CGameControlCardCtnGhostInfo"),
    (0x030DB000, "CGameControlCardNetOnlineEvent"),
    (0x030DC000, "CGameControlCardNetTeamInfo"),
    (0x030DD000, "CGameControlCardCtnVehicle"),
    (0x030DE000, "CGameControlGridCtnCampaign"),
    (0x030DF000, "CGameControlGridCtnChallengeGroup"),
    (0x030E0000, "CGameCtnEditorScenePocLink"),
    (0x030E1000, "CGameAnalyzer"),
    (0x030E2000, "CGamePlaygroundInterface"),
    (0x030E3000, "CGamePlayerAttributesLiving"),
    (0x030E4000, "CGamePlayerScoresShooter"),
    (0x030E5000, "CGameCtnMediaBlockGhost"),
    (0x030E6000, "CGameEnvironmentManager"),
    (0x030E7000, "CGameDialogShootVideo"),
    (0x030E8000, "CGameManialinkFileEntry"),
    (0x030E9000, "CGameNetDataDownload"),
    (0x030EA000, "CGameCampaignPlayerScores"),
    (0x030EB000, "CGameCtnMediaBlockSpectators"),
    (0x030EC000, "CGameNetFormBuddy"),
    (0x030ED000, "CGameLadderScoresComputer"),
    (0x030EE000, "CGameLadderScores"),
    (0x030F0000, "CGameManialinkScriptHandler"), // Trackmania2020
    (0x030F3000, "CGamePlaygroundControlScores"), // Trackmania2020
    (0x030F4000, "CGameManialinkMediaPlayer"),   // Trackmania2020
    (0x030F5000, "CGameNetFormPlayground"),      // Trackmania2020
    (0x030F6000, "CGameCtnArticleNode"),         // Trackmania2020
    (0x030F7000, "CGameSwitcher"),               // Trackmania2020
    (0x030F9000, "CGameManialinkOldTable"),      // Trackmania2020
    (0x030FA000, "CGameCtnMenusManiaPlanet"),    // Trackmania2020
    (0x030FB000, "CGameManialinkLabel"),         // Trackmania2020
    (0x030FF000, "CGameUILayer"),                // Trackmania2020
    (0x03100000, "CGamePlaygroundCommon"),       // Trackmania2020
    (0x03101000, "CGameCtnAnchoredObject"),      // Trackmania2020
    (0x03102000, "CGameSwitcherModule"),         // Trackmania2020
    (0x03103000, "CGamePlaygroundUIConfig"),     // Trackmania2020
    (0x03104000, "CGameManialinkFrame"),         // Trackmania2020
    (0x03105000, "CGameManialinkPage"),          // Trackmania2020
    (0x03106000, "CGameManialinkControl"),       // Trackmania2020
    (0x03109000, "CGameManialinkQuad"),          // Trackmania2020
    (0x0310B000, "CGameManiaPlanetMenuStations"), // Trackmania2020
    (0x0310C000, "CGameCtnAnchorPoint"),         // Trackmania2020
    (0x0310D000, "CGameCtnMacroBlockInfo"),
    (0x0310E000, "CGameCtnEditorCommon"), // Trackmania2020
    (0x0310F000, "CGameCtnEditorFree"),   // Trackmania2020
    (0x03110000, "CGameCtnEditorPuzzle"), // Trackmania2020
    (0x03111000, "CGamePlaygroundScore"), // Trackmania2020
    (0x03112000, "CGameCtnEditorCommonInterface"), // Trackmania2020
    (0x03114000, "CGameCtnMacroDecals"),
    (0x03115000, "CGameCtnEditorSimple"), // Trackmania2020
    (0x03116000, "CGameCtnArticleNodeDirectory"), // Trackmania2020
    (0x03117000, "CGameCtnArticleNodeArticle"), // Trackmania2020
    (0x0311C000, "CGameManialinkArrow"),  // Trackmania2020
    (0x0311D000, "CGameCtnZoneGenealogy"), // Trackmania2020
    (0x0311E000, "CGameServerPlugin"),    // Trackmania2020
    (0x0311F000, "CGameServerPluginEvent"), // Trackmania2020
    (0x03120000, "CGameCtnAutoTerrain"),  // Trackmania2020
    (0x03121000, "CGameCtnSolidDecals"),
    (0x03122000, "CGameCtnBlockInfoMobil"),
    (0x03123000, "CGameConnectedClient"), // Trackmania2020
    (0x03124000, "CGameScoreTask_GetSeasonListFromUser"), // Trackmania2020
    (0x03125000, "CGameControlCameraEditorOrbital"), // Trackmania2020
    (0x03126000, "CGameCtnMediaBlockDOF"), // Trackmania2020
    (0x03127000, "CGameCtnMediaBlockToneMapping"), // Trackmania2020
    (0x03128000, "CGameCtnMediaBlockBloomHdr"),
    (0x03129000, "CGameCtnMediaBlockTimeSpeed"),
    (0x0312A000, "CGameCtnMediaBlockManialink"), // Trackmania2020
    (0x0312B000, "CGamePlayerProfileChunk"),     // Trackmania2020
    (0x0312C000, "CGamePlayerProfileChunk_AccountSettings"), // Trackmania2020
    (0x0312D000, "CGamePlayerProfileChunk_GameSettings"), // Trackmania2020
    (0x0312E000, "CGamePlayerProfileChunk_InterfaceSettings"), // Trackmania2020
    (0x0312F000, "CGamePlayerProfileChunk_InputBindingsConfig"), // Trackmania2020
    (0x03130000, "CGamePlayerProfileChunk_VehiclesSettings"), // Trackmania2020
    (0x03131000, "CGamePlayerProfileChunk_OldChallenge"), // Trackmania2020
    (0x03132000, "CGamePlayerProfileChunk_OldCampaign"), // Trackmania2020
    (0x03133000, "CGameCtnMediaBlockVehicleLight"), // Trackmania2020
    (0x03134000, "CGameScoreTask_GetSeasonList"), // Trackmania2020
    (0x03135000, "CGamePlaygroundUIConfigMgrScript"), // Trackmania2020
    (0x03136000, "CGamePlaygroundControlSmPlayers"), // Trackmania2020
    (0x03137000, "CGamePlaygroundControlMessages"), // Trackmania2020
    (0x03138000, "CGamePlaygroundScript"),       // Trackmania2020
    (0x03139000, "CGameCtnMediaBlockFxCameraMap"), // Trackmania2020
    (0x0313A000, "CGameScoreTask_GetAccountTrophyGainHistory"), // Trackmania2020
    (0x0313B000, "CGameWaypointSpecialProperty"), // remap
    (0x0313D000, "CGameControlCameraTrackManiaRace"), // Trackmania2020
    (0x0313E000, "CGamePlaygroundBasic"),        // Trackmania2020
    (0x0313F000, "CGameScriptHandlerManiaPlanetPlugin"), // Trackmania2020
    (0x03140000, "CGamePlayerProfileChunk_PackagesInfos"), // Trackmania2020
    (0x03145000, "CGameCtnMediaBlockShoot"),     // Trackmania2020
    (0x03147000, "CGamePlayerProfileChunk_GameStats"), // Trackmania2020
    (0x03148000, "CGamePlayerProfileChunk_ChallengesStats"), // Trackmania2020
    (0x0314A000, "CGameCtnMediaBlockSkel"),      // Trackmania2020
    (0x0314B000, "CGameEditorAnimClip"),         // Trackmania2020
    (0x0314C000, "CGameCtnBlockInfoTransition"),
    (0x0314D000, "CGameCtnZoneTransition"), // Trackmania2020
    (0x03150000, "CGameEditorTrigger"),     // Trackmania2020
    (0x03151000, "CGameCtnZoneFusionInfo"), // Trackmania2020
    (0x03152000, "CGameControlCardBuddy"),  // Trackmania2020
    (0x03153000, "CGameBuddy"),             // Trackmania2020
    (0x03154000, "CGameEditorPluginMapMapType"), // Trackmania2020
    (0x03155000, "CGameCursorItem"),        // Trackmania2020
    (0x03156000, "CGameCtnMacroBlockJunction"), // Trackmania2020
    (0x03157000, "CGameActionMaker"),       // Trackmania2020
    (0x03159000, "CGameCtnEditorScriptAnchoredObject"), // Trackmania2020
    (0x0315A000, "CGameCtnEditorScriptSpecialProperty"), // Trackmania2020
    (0x0315B000, "CGameCtnBlockInfoVariant"),
    (0x0315C000, "CGameCtnBlockInfoVariantGround"),
    (0x0315D000, "CGameCtnBlockInfoVariantAir"),
    (0x0315E000, "CGameTeamProfile"),          // Trackmania2020
    (0x0315F000, "CGameManialinkScriptEvent"), // Trackmania2020
    (0x03160000, "CGameEditorPluginMap"),      // Trackmania2020
    (0x03161000, "CGameCtnMediaBlockCameraEffectScript"), // Trackmania2020
    (0x03162000, "CGameScriptServerAdmin"),    // Trackmania2020
    (0x03163000, "CGamePlayerProfileChunk_EditorSettings"), // Trackmania2020
    (0x03164000, "CGameEditorPluginMapScriptEvent"), // Trackmania2020
    (0x03165000, "CGameCtnMediaBlockDirtyLens"), // Trackmania2020
    (0x03166000, "CGameCtnMediaBlockCameraEffectInertialTracking"),
    (0x03167000, "CGameEditorPacks"), // Trackmania2020
    (0x03169000, "CGameCtnMediaBlockBulletFx_Deprecated"), // Trackmania2020
    (0x0316A000, "CGameCtnMediaBlockCharVis_Deprecated"), // Trackmania2020
    (0x0316B000, "CGameServerScriptXmlRpc"), // Trackmania2020
    (0x0316C000, "CGameCtnMediaBlockColoringCapturable"),
    (0x0316D000, "CGameCtnMediaBlockFxCameraBlend"), // Trackmania2020
    (0x0316F000, "CGameCoverFlowDesc"),              // Trackmania2020
    (0x03170000, "CGamePlayerProfileChunk_ScriptPersistentTraits"), // Trackmania2020
    (0x03171000, "CGamePlayerProfileCompatibilityChunk"), // Trackmania2020
    (0x03172000, "CGameCtnMediaBlockColoringBase"),  // Trackmania2020
    (0x03173000, "CGameCtnMediaClipConfigScriptContext"), // Trackmania2020
    (0x03174000, "CGameServerScriptXmlRpcEvent"),    // Trackmania2020
    (0x03176000, "CGameScriptHandlerBrowser"),       // Trackmania2020
    (0x03177000, "CGameCtnEditorBody"),              // Trackmania2020
    (0x03178000, "CGameManialinkPlayerList"),        // Trackmania2020
    (
        0x03179000,
        "CGamePlayerProfileChunk_GlobalInterfaceSettings",
    ), // Trackmania2020
    (0x0317A000, "CGameAnimSet"),                    // Trackmania2020
    (0x0317B000, "CGameScriptChatManager"),          // Trackmania2020
    (0x0317C000, "CGameScriptChatContact"),          // Trackmania2020
    (0x0317D000, "CGameScriptChatEvent"),            // Trackmania2020
    (0x0317E000, "CGameManialink3dMood"),            // Trackmania2020
    (0x0317F000, "CGameManialink3dWorld"),           // Trackmania2020
    (0x03180000, "CGamePlayerProfileChunk_ManiaPlanetStations"), // Trackmania2020
    (0x03181000, "CGameManialink3dStyle"),           // Trackmania2020
    (0x03182000, "CGameManiaplanetPlugin"),          // Trackmania2020
    (0x03184000, "CGameCtnInterfaceViewer"),         // Trackmania2020
    (0x03185000, "CGameManialinkGauge"),             // Trackmania2020
    (0x03186000, "CGameCtnMediaBlockColorGrading"),  // Trackmania2020
    (0x03187000, "CGamePlaygroundClientScriptAPI"),  // Trackmania2020
    (0x03188000, "CGameCtnMediaBlockScenery"),       // Trackmania2020
    (0x03189000, "CGameControlCameraVehicleInternal"), // Trackmania2020
    (0x0318A000, "CWebServicesTask_SetServerInfo"),  // Trackmania2020
    (0x0318B000, "CGameHud3dMarkerConfig"),          // Trackmania2020
    (0x0318C000, "CGamePlaygroundResources"),        // Trackmania2020
    (0x0318D000, "CWebServicesTask_GetServerInfo"),  // Trackmania2020
    (0x0318E000, "CWebServicesTaskResult_ServerInfo"), // Trackmania2020
    (0x0318F000, "CGameEditorAsset"),                // Trackmania2020
    (0x03190000, "CGameManialinkGraph"),             // Trackmania2020
    (0x03191000, "CGameManialinkGraphCurve"),        // Trackmania2020
    (0x03192000, "CGameCtnBlockInfoMobilLink"),      // Trackmania2020
    (0x03193000, "CGameManiaplanetPluginInterface"), // Trackmania2020
    (0x03194000, "CGameManiaplanetPluginInterfaceEvent"), // Trackmania2020
    (0x03195000, "CGameCtnMediaBlockInterface"),     // Trackmania2020
    (0x03196000, "CGameCtnMediaBlockObject"),        // Trackmania2020
    (0x03197000, "CGameScriptCloudManager"),         // Trackmania2020
    (0x03198000, "CGameEditorBullet"),               // Trackmania2020
    (0x03199000, "CGameCtnMediaBlockFog"),
    (0x0319A000, "CGameEditorActionScript"), // Trackmania2020
    (0x0319B000, "CGameEditorItem"),         // Trackmania2020
    (0x0319C000, "CGameManialinkMiniMap"),   // Trackmania2020
    (0x0319D000, "CWebServicesTaskResult_NadeoServicesSkin"), // Trackmania2020
    (0x0319E000, "CWebServicesTaskResult_NadeoServicesSkinList"), // Trackmania2020
    (0x0319F000, "CGameEditorManialink"),    // Trackmania2020
    (0x031A0000, "CGameManiaTitleEditionScriptAPI"), // Trackmania2020
    (0x031A1000, "CGameEditorBase"),         // Trackmania2020
    (0x031A2000, "CGameEditorPropertyList"), // Trackmania2020
    (0x031A3000, "CGameEditorFileToolBar"),  // Trackmania2020
    (0x031A4000, "CGameManiaApp"),           // Trackmania2020
    (0x031A5000, "CGameManiaAppScriptEvent"), // Trackmania2020
    (0x031A6000, "CGameManiaAppPlaygroundCommon"), // Trackmania2020
    (0x031A7000, "CGameManialinkCamera"),    // Trackmania2020
    (0x031A8000, "CGameReplayObjectVisData"), // Trackmania2020
    (0x031A9000, "CGameManiaAppTitle"),      // Trackmania2020
    (0x031AA000, "CGameCtnMediaBlockDecal2d"), // Trackmania2020
    (0x031AB000, "CGameCtnMediaBlockEditorDecal2d"), // Trackmania2020
    (0x031AC000, "CGameManiaAppBrowser"),    // Trackmania2020
    (0x031AD000, "CGameManiaTitleControlScriptAPI"), // Trackmania2020
    (0x031AE000, "CGameManiaAppTitleLayerScriptHandler"), // Trackmania2020
    (0x031AF000, "CGameEditorPluginMapLayerScriptHandler"), // Trackmania2020
    (0x031B0000, "CGameScriptNotificationsConsumerNotification"), // Trackmania2020
    (0x031B1000, "CGameScriptNotificationsProducer"), // Trackmania2020
    (0x031B2000, "CGameScriptNotificationsConsumer"), // Trackmania2020
    (0x031B3000, "CGameScriptNotificationsProducerEvent"), // Trackmania2020
    (0x031B4000, "CGameScriptNotificationsConsumerEvent"), // Trackmania2020
    (0x031B6000, "CGameManialinkTextEdit"),  // Trackmania2020
    (0x031B7000, "CGameUserFileList"),
    (0x031B8000, "CGameManialinkStylesheet"), // Trackmania2020
    (
        0x031B9000,
        "CGameWebServicesNotificationTask_BuildVisualNotification",
    ), // Trackmania2020
    (0x031BC000, "CGameManiaAppMinimal"),     // Trackmania2020
    (0x031BD000, "CGameVideoScriptManager"),  // Trackmania2020
    (0x031BE000, "CGameGhostScript"),         // Trackmania2020
    (0x031BF000, "CTmRaceResultNod"),         // Trackmania2020
    (0x031C0000, "CGameEditorModule"),        // Trackmania2020
    (0x031C1000, "CGameMenuSceneScriptManager"), // Trackmania2020
    (0x031C7000, "CGamePlaygroundModuleClientInventory"), // Trackmania2020
    (0x031C8000, "CGamePlaygroundModuleClientScoresTable"), // Trackmania2020
    (0x031C9000, "CGamePlaygroundModuleManagerClient"), // Trackmania2020
    (0x031CA000, "CGameManiaAppPlaygroundScriptEvent"), // Trackmania2020
    (0x031CC000, "CGameUserProfile"),         // Trackmania2020
    (0x031CD000, "CGameUIAnimManager"),       // Trackmania2020
    (0x031CE000, "CGameControlCameraTrackManiaRace3"), // Trackmania2020
    (0x031CF000, "CGameControlCameraTrackManiaRace2"), // Trackmania2020
    (0x031D3000, "CGamePlaygroundModuleClientStore"), // Trackmania2020
    (0x031D4000, "CGamePlaygroundModuleConfig"), // Trackmania2020
    (0x031D5000, "CGameMasterServerUserInfo"), // Trackmania2020
    (0x031D6000, "CGameBadgeStickerSlots"),   // Trackmania2020
    (0x031D7000, "CGamePlaygroundModuleClient"), // Trackmania2020
    (0x031D8000, "CGameManiaAppPlayground"),  // Trackmania2020
    (0x031D9000, "CGameVideoScriptVideo"),    // Trackmania2020
    (0x031DA000, "CGameUserScript"),          // Trackmania2020
    (0x031DB000, "CGameUserManagerScript"),   // Trackmania2020
    (
        0x031DC000,
        "CWebServicesTaskResult_BuddiesChallengeRecordsComparison",
    ), // Trackmania2020
    (
        0x031DD000,
        "CGameCtnMasterServerTask_GetChallengeRecordsComparisonSummaries",
    ), // Trackmania2020
    (
        0x031DE000,
        "CWebServicesTaskResult_BuddyChallengeRecordsComparison",
    ), // Trackmania2020
    (
        0x031DF000,
        "CGameCtnMasterServerTask_ChallengeRecords_GetBuddyRecordComparison",
    ), // Trackmania2020
    (0x031E0000, "CGameHighScoreComparison"), // Trackmania2020
    (0x031E1000, "CGameHighScoreComparisonSummary"), // Trackmania2020
    (0x031E2000, "CGameModuleMenuBase"),      // Trackmania2020
    (0x031E3000, "CGameModuleMenuBrowser"),   // Trackmania2020
    (0x031E4000, "CGameHapticDevice"),        // Trackmania2020
    (0x031E5000, "CGamePluginInterfacesScript"), // Trackmania2020
    (0x031E7000, "CGameModuleMenuComponent"), // Trackmania2020
    (0x031E9000, "CGameScoreAndLeaderBoardCache"), // Trackmania2020
    (0x031EA000, "CGameCampaignScoreManager"), // Trackmania2020
    (0x031EB000, "CGameCampaignScoreManager_MapRecord"), // Trackmania2020
    (0x031EC000, "CGameCampaignScoreManager_MultiAsyncLevel"), // Trackmania2020
    (0x031ED000, "CGameScoreComputer_MultiAsyncLevel"), // Trackmania2020
    (0x031EE000, "CGameMultiplayerScoreManager"), // Trackmania2020
    (0x031EF000, "CGameGlobalScoreManager"),  // Trackmania2020
    (0x031F0000, "CGameLeaderBoard"),         // Trackmania2020
    (0x031F1000, "CGameNaturalLeaderBoard"),  // Trackmania2020
    (0x031F2000, "CGameRealLeaderBoard"),     // Trackmania2020
    (0x031F3000, "CGameCampaignLeaderBoard"), // Trackmania2020
    (0x031F4000, "CGameMapLeaderBoard"),      // Trackmania2020
    (0x031F5000, "CGameMultiplayerLeaderBoard"), // Trackmania2020
    (0x031F6000, "CGameGlobalLeaderBoard"),   // Trackmania2020
    (
        0x031F8000,
        "CWebServicesTaskResult_AccountTrophyGainListScript",
    ), // Trackmania2020
    (0x031FB000, "CGameScoreTask_LoadPlayerScore"), // Trackmania2020
    (0x031FC000, "CGameScoreTask_SynchronizePlayerScore"), // Trackmania2020
    (0x031FD000, "CWebServicesTaskResult_NadeoServicesSkinScript"), // Trackmania2020
    (
        0x031FE000,
        "CWebServicesTaskResult_NadeoServicesSkinListScript",
    ), // Trackmania2020
    (0x031FF000, "CGameEditorPluginModuleScriptEvent"), // Trackmania2020
    (0x03203000, "CWebServicesTaskResult_MapRecordList"), // Trackmania2020
    (0x03204000, "CGameScoreTask_SetSeason"), // Trackmania2020
    (0x03205000, "CGameModuleMenuLadderRankings"), // Trackmania2020
    (0x03206000, "CGameScriptHandlerPlaygroundModuleStore"), // Trackmania2020
    (0x03207000, "CGameModuleMenuServerBrowser"), // Trackmania2020
    (0x03208000, "CGamePlaygroundModuleClientHud"), // Trackmania2020
    (0x03209000, "CGamePlaygroundModuleServer"), // Trackmania2020
    (0x0320D000, "CGameScriptHandlerTitleModuleMenu"), // Trackmania2020
    (0x0320E000, "CGameEditorAnimChar"),      // Trackmania2020
    (0x0320F000, "CGameScriptHandlerPlaygroundModuleInventory"), // Trackmania2020
    (0x03210000, "CGameModuleInventoryCategory"), // Trackmania2020
    (0x03211000, "CGameModuleScriptItem"),    // Trackmania2020
    (0x03212000, "CGameMasterServerTask_SetBuddies"), // Trackmania2020
    (0x03213000, "CGameCtnMasterServerTask_GetRealLeaderBoard"), // Trackmania2020
    (0x03214000, "CGameDataFileTask_Skin_NadeoServices_Get"), // Trackmania2020
    (0x03215000, "CGameScoreTask_SetNewMapRecord"), // Trackmania2020
    (0x03217000, "CGamePlaygroundModuleServerStore"), // Trackmania2020
    (0x03218000, "CGamePlaygroundModuleServerHud"), // Trackmania2020
    (0x03219000, "CGamePlaygroundModuleManagerServer"), // Trackmania2020
    (0x0321A000, "CGamePlaygroundModuleServerInventory"), // Trackmania2020
    (0x0321B000, "CGamePlaygroundModuleServerScoresTable"), // Trackmania2020
    (0x0321C000, "CWebServicesTaskResult_RealLeaderBoardInfoList"), // Trackmania2020
    (0x0321E000, "CGameScoreTask_GetRealLeaderBoardPlayerList"), // Trackmania2020
    (0x0321F000, "CWebServicesTaskResult_Ghost"), // Trackmania2020
    (0x03220000, "CGameScoreTask_GetPlayerMapRecordGhost"), // Trackmania2020
    (0x03221000, "CGameScoreAndLeaderBoardManagerScript"), // Trackmania2020
    (
        0x03223000,
        "CWebServicesTaskResult_GetDisplayNameScriptResult",
    ), // Trackmania2020
    (0x03224000, "CGameEditorTimeLine"),      // Trackmania2020
    (0x03225000, "CGameEditorAnimChar_Interface"), // Trackmania2020
    (0x0322A000, "CGameEditorAnimSet"),       // Trackmania2020
    (0x0322B000, "CGameAnimClipNod"),         // Trackmania2020
    (0x0322F000, "CGameEditorVehicle"),       // Trackmania2020
    (0x03230000, "CGameEditorParent"),        // Trackmania2020
    (0x03233000, "CGameCtnMasterServerTask_GetLeagues"), // Trackmania2020
    (0x03235000, "CGameMasterServerTask_Connect"), // Trackmania2020
    (0x03237000, "CGameMasterServerPlayerOnlinePresence"), // Trackmania2020
    (0x03238000, "CWebServicesTaskResult_OnlinePresenceList"), // Trackmania2020
    (
        0x03239000,
        "CGameCtnMasterServerTask_GetOnlinePresenceForPlayers",
    ), // Trackmania2020
    (
        0x0323A000,
        "CGameMasterServerRichPresenceTaskResult_GetOnlinePresenceForPlayersScript",
    ), // Trackmania2020
    (0x0323C000, "CGameMasterServerRichPresenceManager"), // Trackmania2020
    (
        0x0323D000,
        "CGameMasterServerRichPresenceTask_UpdatePresence",
    ), // Trackmania2020
    (0x0323E000, "CGameUserPrivilegesManagerScript"), // Trackmania2020
    (
        0x03242000,
        "CWebServicesTaskResult_CheckTargetedPrivilegeResultScript",
    ), // Trackmania2020
    (
        0x03244000,
        "CGameMasterServerRichPresenceTask_GetOnlinePresence",
    ), // Trackmania2020
    (
        0x03245000,
        "CGameMasterServerRichPresenceTaskResult_PlayerOnlinePresenceList",
    ), // Trackmania2020
    (0x03246000, "CGameMasterServerRichPresenceManagerScript"), // Trackmania2020
    (0x0324A000, "CGameCtnMasterServerTask_BuyFullGame"), // Trackmania2020
    (0x0324C000, "CGameNetFormVoiceChat"),    // Trackmania2020
    (
        0x0324F000,
        "CGameScoreTask_SetTrophyLiveTimeAttackAchievementResults",
    ), // Trackmania2020
    (0x03251000, "CGameScoreTask_UploadNewMapRecord"), // Trackmania2020
    (
        0x03253000,
        "CGameScoreTask_BuddiesChallengeRecordsComparison",
    ), // Trackmania2020
    (
        0x03254000,
        "CWebServicesTaskResult_ChallengeRecordsComparisonSummaries",
    ), // Trackmania2020
    (0x03255000, "CGameZoneManagerScript"),   // Trackmania2020
    (
        0x03258000,
        "CGameCtnMasterServerTask_ChallengeRecords_GetBuddiesRecord",
    ), // Trackmania2020
    (
        0x03259000,
        "CWebServicesTaskResult_ChallengeRecords_BuddiesRecord",
    ), // Trackmania2020
    (0x0325A000, "CGameScoreTask_BuddiesChallengeRecordsForMap"), // Trackmania2020
    (0x0325B000, "CWebServicesTaskResult_BuddiesChallengeRecord"), // Trackmania2020
    (0x0325C000, "CGameScoreTask_BuddyChallengeRecordsComparison"), // Trackmania2020
    (
        0x0325D000,
        "CWebServicesTaskResult_ChallengeRecords_BuddyRecordComparison",
    ), // Trackmania2020
    (0x0325F000, "CGameModuleScriptStoreItem"), // Trackmania2020
    (0x03260000, "CGameModuleScriptStoreCategory"), // Trackmania2020
    (0x03262000, "CGameSaveLaunchedCheckpoints"), // Trackmania2020
    (
        0x03263000,
        "CWebServicesTaskResult_NaturalLeaderBoardSummaries",
    ), // Trackmania2020
    (
        0x03264000,
        "CGameCtnMasterServerTask_GetNaturalLeaderBoardSummaries",
    ), // Trackmania2020
    (
        0x03265000,
        "CWebServicesTaskResult_RealLeaderBoardSummaries",
    ), // Trackmania2020
    (
        0x03266000,
        "CGameCtnMasterServerTask_GetRealLeaderBoardSummaries",
    ), // Trackmania2020
    (0x03267000, "CGameEditorMainPlugin"),    // Trackmania2020
    (0x03268000, "CGameDataFileTask_Skin_NadeoServices_GetList"), // Trackmania2020
    (0x0326A000, "CGamePlaygroundUIConfigEvent"), // Trackmania2020
    (0x0326B000, "CWebServicesTaskResult_NadeoServicesMap"), // Trackmania2020
    (0x0326C000, "CWebServicesTaskResult_NadeoServicesMapList"), // Trackmania2020
    (0x0326D000, "CGamePackCreatorScript"),   // Trackmania2020
    (0x0326E000, "CGamePackCreator_PackScript"), // Trackmania2020
    (0x0326F000, "CGamePackCreator_TitleInfoScript"), // Trackmania2020
    (0x03270000, "CGamePackCreator_RecipientScript"), // Trackmania2020
    (0x03271000, "CGameCtnDecorationMaterialModifiers"), // Trackmania2020
    (0x03272000, "CGameModuleMenuPage"),      // Trackmania2020
    (0x03274000, "CGameEditorPlugin"),        // Trackmania2020
    (0x03275000, "CGameManialinkAnimManager"), // Trackmania2020
    (0x03276000, "CGameEditorEditor"),        // Trackmania2020
    (0x03277000, "CGameControlCameraHmdExternal"), // Trackmania2020
    (0x03278000, "CWebServicesTaskResult_NadeoServicesMapScript"), // Trackmania2020
    (
        0x03279000,
        "CWebServicesTaskResult_NadeoServicesMapListScript",
    ), // Trackmania2020
    (0x0327A000, "CGameCampaignScoreManager_SkillPoint"), // Trackmania2020
    (0x0327B000, "CGameScriptChatRoom"),      // Trackmania2020
    (0x0327D000, "NGameWaypoint_STrigger"),   // Trackmania2020
    (0x0327E000, "CGameObjectItem"),          // Trackmania2020
    (0x0327F000, "CGameGatePhy"),             // Trackmania2020
    (0x03280000, "CGameTriggerGate"),         // Trackmania2020
    (0x03281000, "CGameTriggerTeleport"),     // Trackmania2020
    (0x03282000, "CGameShield"),
    (0x03283000, "CGameTriggerScreen"),          // Trackmania2020
    (0x03284000, "CGameDialogsScript"),          // Trackmania2020
    (0x03285000, "CGameScriptChatHistory"),      // Trackmania2020
    (0x03286000, "CGameScriptChatHistoryEntry"), // Trackmania2020
    (0x03287000, "CGameEditorCanvas"),           // Trackmania2020
    (0x0328A000, "CGameEditorPluginMapManager"), // Trackmania2020
    (0x0328B000, "CGameEditorMesh"),             // Trackmania2020
    (0x0328C000, "CGameEditorEvent"),            // Trackmania2020
    (
        0x0328D000,
        "CGameDataFileTask_Skin_NadeoServices_GetAccountList",
    ), // Trackmania2020
    (0x0328E000, "CGameTurretPhy"),              // Trackmania2020
    (
        0x0328F000,
        "CGameDataFileTask_Map_NadeoServices_GetAccountList",
    ), // Trackmania2020
    (0x03290000, "CGameDataFileTask_Map_NadeoServices_GetList"), // Trackmania2020
    (0x03291000, "CGameTurretVis"),
    (0x03292000, "CGameObjectPhy"),           // Trackmania2020
    (0x03293000, "CGameEditorPluginHandle"),  // Trackmania2020
    (0x03294000, "CGameCtnMediaBlockTurret"), // Trackmania2020
    (0x03295000, "CGameEditorPluginLayerScriptHandler"), // Trackmania2020
    (0x03297000, "CGameDataFileManager"),     // Trackmania2020
    (
        0x03299000,
        "CGameDataFileTask_GhostStoreUserRecord_Maniaplanet",
    ), // Trackmania2020
    (
        0x0329B000,
        "CGameDataFileTask_GhostLoadUserRecord_Maniaplanet",
    ), // Trackmania2020
    (0x0329C000, "CGameDialogsScriptEvent"),  // Trackmania2020
    (0x0329D000, "CWebServicesTaskResult_GhostScript"), // Trackmania2020
    (0x0329E000, "CGameDataFileTask_GhostLoadMedal"), // Trackmania2020
    (0x0329F000, "CGameCtnMediaBlockEntity"),
    (
        0x032A0000,
        "CWebServicesTaskResult_NaturalLeaderBoardInfoList",
    ), // Trackmania2020
    (0x032A1000, "CWebServicesTaskResult_MapListScript"), // Trackmania2020
    (0x032A3000, "CGameDataFileTask_GameFidGetGameList"), // Trackmania2020
    (0x032A5000, "CGameDataFileManagerScript"),           // Trackmania2020
    (0x032A7000, "CWebServicesTaskResult_GameFidList"),   // Trackmania2020
    (0x032A8000, "CWebServicesTaskResult_ReplayListScript"), // Trackmania2020
    (0x032A9000, "CWebServicesTaskResult_FileList"),      // Trackmania2020
    (0x032AA000, "CWebServicesTaskResult_FileListScript"), // Trackmania2020
    (0x032AB000, "CGameDataFileTask_FileGetGameList"),    // Trackmania2020
    (0x032AC000, "CGameObjectVis"),
    (0x032AD000, "CGameMapScoreManager"), // Trackmania2020
    (0x032AE000, "CGameMapScoreManager_MapRecord"), // Trackmania2020
    (0x032AF000, "CGameMapScoreManager_MultiAsyncLevel"), // Trackmania2020
    (0x032B0000, "CGameMapScoreManager_SkillPoint"), // Trackmania2020
    (0x032B1000, "CGameScriptMgrTurret"), // Trackmania2020
    (0x032B2000, "CGameScriptTurret"),    // Trackmania2020
    (0x032B3000, "CWebServicesTaskResult_GhostList"), // Trackmania2020
    (0x032B4000, "CWebServicesTaskResult_GhostListScript"), // Trackmania2020
    (0x032B5000, "CGameMasterServerTask_SetTitlePaid"), // Trackmania2020
    (0x032B6000, "CGameScoreTask_GetNaturalLeaderBoardPlayerList"), // Trackmania2020
    (0x032B7000, "CGameCtnMasterServerTask_GetNaturalLeaderBoard"), // Trackmania2020
    (0x032BB000, "CGameMatchSettingsManagerScript"), // Trackmania2020
    (0x032BC000, "CGameMatchSettingsScript"), // Trackmania2020
    (0x032BD000, "CGameDataFileTask_PackDownloadOrUpdate"), // Trackmania2020
    (0x032BE000, "CWebServicesTaskResult_Title"), // Trackmania2020
    (0x032BF000, "CGameMatchSettingsPlaylistItemScript"), // Trackmania2020
    (0x032C0000, "CGameScoreTask_GetPlayerMapRecordList"), // Trackmania2020
    (0x032C1000, "CWebServicesTaskResult_MapRecordListScript"), // Trackmania2020
    (
        0x032C2000,
        "CGameScoreTask_SetTrophyCompetitionMatchAchievementResults",
    ), // Trackmania2020
    (0x032C3000, "CGameDataFileTask_GameModeGetGameList"), // Trackmania2020
    (0x032C4000, "CWebServicesTaskResult_GameModeListScript"), // Trackmania2020
    (0x032C5000, "CGameGameModeInfoScript"), // Trackmania2020
    (0x032C6000, "CGameUserProfileWrapper"), // Trackmania2020
    (0x032C7000, "CGameEditorPluginAPI"), // Trackmania2020
    (0x032CA000, "CGameBlockItemVariantChooser"), // Trackmania2020
    (0x032CB000, "CGameArenaPlayer"),
    (0x032CC000, "CGameEditorMaterial"), // Trackmania2020
    (0x032CD000, "CWebServicesTaskResult_UserNewsListScript"), // Trackmania2020
    (0x032CE000, "CGameMgrAction"),      // Trackmania2020
    (0x032D0000, "CGameScriptVehicle"),  // Trackmania2020
    (0x032D1000, "CGameScriptMgrVehicle"), // Trackmania2020
    (0x032D2000, "CGameAction"),         // Trackmania2020
    (0x032D3000, "CGameScriptAction"),   // Trackmania2020
    (0x032D4000, "CGameDataFileTask_Skin_NadeoServices_Set"), // Trackmania2020
    (0x032D5000, "CGameScriptMapLandmark"), // Trackmania2020
    (0x032D6000, "CGameScriptMapSector"), // Trackmania2020
    (0x032D7000, "CGameScriptMapSpawn"), // Trackmania2020
    (0x032D8000, "CGameScriptMapBotPath"), // Trackmania2020
    (0x032D9000, "CGameScriptMapObjectAnchor"), // Trackmania2020
    (0x032DA000, "CGameScriptMapBotSpawn"), // Trackmania2020
    (0x032DE000, "CWebServicesTask_Title_GetConfig"), // Trackmania2020
    (0x032DF000, "CWebServicesTask_Title_GetPolicyRuleValues"), // Trackmania2020
    (0x032E0000, "CWebServicesTask_Title_GetLadderInfo"), // Trackmania2020
    (0x032E1000, "CGameSlotPhy"),        // Trackmania2020
    (0x032E2000, "CGameVehiclePhy"),     // Trackmania2020
    (0x032E3000, "CGameSlotVis"),
    (0x032E4000, "CGameGateVis"),                       // Trackmania2020
    (0x032E5000, "CGameScriptEntity"),                  // Trackmania2020
    (0x032E6000, "CGameScriptPlayer"),                  // Trackmania2020
    (0x032E7000, "CGameScriptChatSquadInvitation"),     // Trackmania2020
    (0x032E8000, "CGameScriptChatHistoryEntryMessage"), // Trackmania2020
    (0x032E9000, "CGameZoneTask_UpdateZoneList"),       // Trackmania2020
    (0x032EA000, "CGameMasterServerTask_GetOnlineProfile"), // Trackmania2020
    (
        0x032EB000,
        "CGameMasterServerRichPresenceTaskResult_NextPresence",
    ), // Trackmania2020
    (0x032EC000, "CWebServicesTaskResult_PlanetsTransaction_Bill"), // Trackmania2020
    (0x032ED000, "CGameScriptMapVehicleAnchor"),        // Trackmania2020
    (0x032EE000, "CGameShootIconSetting"),              // Trackmania2020
    (0x032EF000, "CGameScriptMapWaypoint"),             // Trackmania2020
    (0x032F0000, "CGameControlCameraHelico"),           // Trackmania2020
    (0x032F1000, "CWebServicesTask_PostConnect"),       // Trackmania2020
    (0x032F2000, "CGameShootIconConfig"),               // Trackmania2020
    (
        0x032F3000,
        "CWebServicesTask_PostConnect_BannedCryptedChecksumsList",
    ), // Trackmania2020
    (0x032F4000, "CWebServicesTask_PostConnect_UrlConfig"), // Trackmania2020
    (0x032F5000, "CGameEditorMapScriptClipList"),       // Trackmania2020
    (0x032F7000, "CGameEditorMapScriptClip"),           // Trackmania2020
    (0x032F8000, "CWebServicesTask_SynchronizeProfileChunks"), // Trackmania2020
    (0x032F9000, "CGamePlaygroundModuleClientChrono"),  // Trackmania2020
    (0x032FA000, "CGamePlaygroundModuleServerChrono"),  // Trackmania2020
    (0x032FB000, "CGamePlaygroundModuleClientSpeedMeter"), // Trackmania2020
    (0x032FC000, "CGamePlaygroundModuleServerSpeedMeter"), // Trackmania2020
    (0x032FD000, "CGamePlaygroundModuleClientPlayerState"), // Trackmania2020
    (0x032FE000, "CGamePlaygroundModuleServerPlayerState"), // Trackmania2020
    (0x032FF000, "CGamePlaygroundModuleClientTeamState"), // Trackmania2020
    (0x03300000, "CGamePlaygroundModuleServerTeamState"), // Trackmania2020
    (0x03301000, "CGamePlaygroundModuleClientAltimeter"), // Trackmania2020
    (0x03302000, "CGamePlaygroundModuleServerAltimeter"), // Trackmania2020
    (0x03303000, "CGamePlaygroundModuleClientThrottle"), // Trackmania2020
    (0x03304000, "CGamePlaygroundModuleServerThrottle"), // Trackmania2020
    (0x03305000, "CGameEditorUndoSystem_State"),        // Trackmania2020
    (0x03306000, "CWebServicesTask_UploadProfileChunks"), // Trackmania2020
    (0x03309000, "CGameMasterServerTask_GetTitlePackagesInfos"), // Trackmania2020
    (0x0330A000, "CWebServicesTask_GetTitlePackagesInfos"), // Trackmania2020
    (
        0x0330B000,
        "CGameMasterServerTask_UpdateManiaPlanetStationInfos",
    ), // Trackmania2020
    (0x0330C000, "CWebServicesTask_LoadStation"),       // Trackmania2020
    (0x0330D000, "CWebServicesTask_Title_GetPlayerInfos"), // Trackmania2020
    (0x0330E000, "CGameMasterServerTask_GetPackageUpdateUrl"), // Trackmania2020
    (0x0330F000, "CWebServicesTask_GetPackageUpdateUrl"), // Trackmania2020
    (
        0x03310000,
        "CWebServicesTaskResult_CreditedPackageUpdateUrlList",
    ), // Trackmania2020
    (0x03311000, "CGameScoreTask_GetNaturalLeaderBoardSummaries"), // Trackmania2020
    (0x03312000, "CGameScoreTask_GetRealLeaderBoardSummaries"), // Trackmania2020
    (0x03313000, "CGameMasterServerTask_GetAuthenticationToken"), // Trackmania2020
    (0x03314000, "CGameMasterServerTask_GetAccountFromUplayUser"), // Trackmania2020
    (0x03315000, "CGameMasterServerTask_GetSubscribedGroups"), // Trackmania2020
    (0x03317000, "CGameMasterServerTask_UpdateOnlineProfile"), // Trackmania2020
    (0x03318000, "CWebServicesTask_UnloadStation"),     // Trackmania2020
    (0x03319000, "CGameEditorMapMacroBlockInstance"),   // Trackmania2020
    (0x0331A000, "CGameScoreAndLeaderBoardManager"),    // Trackmania2020
    (0x0331B000, "CWebServicesTask_PostConnect_Zone"),  // Trackmania2020
    (0x0331C000, "CWebServicesTaskResult_UserZoneListScript"), // Trackmania2020
    (0x0331E000, "CGameScoreTask_GetCampaignRanking"),  // Trackmania2020
    (0x0331F000, "CGameScoreTask_GetMapRanking"),       // Trackmania2020
    (
        0x03321000,
        "CWebServicesTaskResult_AccountTrophyGainHistory",
    ), // Trackmania2020
    (
        0x03322000,
        "CGameMasterServerTask_GetPlayerCreditedPackagesGroups",
    ), // Trackmania2020
    (
        0x03323000,
        "CWebServicesTask_GetPlayerCreditedPackagesGroups",
    ), // Trackmania2020
    (0x03324000, "CGameEditorPluginCameraManager"),     // Trackmania2020
    (0x03325000, "CGameEditorPluginCursorManager"),     // Trackmania2020
    (0x03326000, "CGameEditorPluginCameraAPI"),         // Trackmania2020
    (0x03327000, "CGameEditorPluginCursorAPI"),         // Trackmania2020
    (0x03328000, "CGameEditorPluginMapConnectResults"), // Trackmania2020
    (0x03329000, "CGameEditorGenericInventory"),        // Trackmania2020
    (0x0332A000, "CGameEditorMediaTracker"),            // Trackmania2020
    (0x0332B000, "CGameEditorSkin"),                    // Trackmania2020
    (0x0332C000, "CGameEditorSkinPluginAPI"),           // Trackmania2020
    (0x0332D000, "CGameEditorMediaTrackerPluginAPI"),   // Trackmania2020
    (0x0332E000, "CGameManialinkColorChooser"),         // Trackmania2020
    (0x0332F000, "CGameManialinkSlider"),               // Trackmania2020
    (0x03330000, "CGameManialinkTimeLine"),             // Trackmania2020
    (0x03331000, "CGameDataFileTask_Map_NadeoServices_Get"), // Trackmania2020
    (0x03332000, "CGameDataFileTask_Map_NadeoServices_Register"), // Trackmania2020
    (0x03333000, "CGameEditorAction"),                  // Trackmania2020
    (0x03334000, "CGameScoreTask_GetSeason"),           // Trackmania2020
    (0x03335000, "CGameEditorCustomBullet"),            // Trackmania2020
    (0x03336000, "CWebServicesTaskResult_Season"),      // Trackmania2020
    (0x03337000, "CGameEditorScript"),                  // Trackmania2020
    (0x03338000, "CGameScoreTask_LoadSeasonScore"),     // Trackmania2020
    (0x03339000, "CGameSeasonScoreManager"),            // Trackmania2020
    (0x0333A000, "CGameSeasonLeaderBoard"),             // Trackmania2020
    (0x0333B000, "CGameSeasonScoreManager_MapRecord"),  // Trackmania2020
    (0x0333C000, "CGameSeasonScoreManager_MultiAsyncLevel"), // Trackmania2020
    (0x0333D000, "CGameScoreTask_AddMapListToSeason"),  // Trackmania2020
    (0x0333E000, "CGameScoreTask_RemoveMapListToSeason"), // Trackmania2020
    (0x03340000, "CGameCtnBlockInfoClipVertical"),      // Trackmania2020
    (0x03341000, "CGameGhostMgrScript"),                // Trackmania2020
    (0x03346000, "CGameBlockInfoGroups"),               // Trackmania2020
    (0x03347000, "CWebServicesTask_GetAccountXp"),      // Trackmania2020
    (0x03348000, "CGameBlockInfoTreeRoot"),             // Trackmania2020
    (
        0x03349000,
        "CGameDataFileTask_AccountSkin_NadeoServices_Unset",
    ), // Trackmania2020
    (
        0x0334A000,
        "CWebServicesTaskResult_AccountTrophyLastYearSummary",
    ), // Trackmania2020
    (0x0334B000, "CGameScoreTask_GetAccountTrophyLastYearSummary"), // Trackmania2020
    (
        0x0334C000,
        "CWebServicesTaskResult_TrophySoloMedalAchievementSettings",
    ), // Trackmania2020
    (
        0x0334D000,
        "CGameScoreTask_GetTrophySoloMedalAchievementSettings",
    ), // Trackmania2020
    (
        0x0334E000,
        "CWebServicesTaskResult_AccountTrophyLastYearSummaryScript",
    ), // Trackmania2020
    (
        0x0334F000,
        "CGameDataFileTask_AccountSkin_NadeoServices_AddFavorite",
    ), // Trackmania2020
    (
        0x03351000,
        "CGameDataFileTask_AccountSkin_NadeoServices_GetFavoriteList",
    ), // Trackmania2020
    (
        0x03352000,
        "CGameDataFileTask_AccountSkin_NadeoServices_GetList",
    ), // Trackmania2020
    (
        0x03353000,
        "CGameDataFileTask_AccountSkin_NadeoServices_RemoveFavorite",
    ), // Trackmania2020
    (
        0x03354000,
        "CGameDataFileTask_AccountSkin_NadeoServices_Set",
    ), // Trackmania2020
    (0x03355000, "CGameAudioSettingsWrapper"),          // Trackmania2020
    (0x03356000, "CGameItemModelTreeRoot"),             // Trackmania2020
    (
        0x03358000,
        "CWebServicesTaskResult_TrophySoloMedalAchievementSettingsScript",
    ), // Trackmania2020
    (0x0335B000, "CGameCtnBlockInfoClipHorizontal"),    // Trackmania2020
    (
        0x0335C000,
        "CWebServicesTaskResult_NadeoServicesItemCollection",
    ), // Trackmania2020
    (
        0x0335D000,
        "CWebServicesTaskResult_NadeoServicesItemCollectionList",
    ), // Trackmania2020
    (
        0x0335E000,
        "CWebServicesTaskResult_NadeoServicesItemCollectionScript",
    ), // Trackmania2020
    (
        0x0335F000,
        "CWebServicesTaskResult_NadeoServicesItemCollectionListScript",
    ), // Trackmania2020
    (
        0x03360000,
        "CGameDataFileTask_ItemCollection_NadeoServices_AddFavorite",
    ), // Trackmania2020
    (
        0x03361000,
        "CGameDataFileTask_ItemCollection_NadeoServices_Create",
    ), // Trackmania2020
    (
        0x03362000,
        "CGameDataFileTask_ItemCollection_NadeoServices_Get",
    ), // Trackmania2020
    (
        0x03363000,
        "CGameDataFileTask_ItemCollection_NadeoServices_GetAccountList",
    ), // Trackmania2020
    (
        0x03364000,
        "CGameDataFileTask_ItemCollection_NadeoServices_GetFavoriteList",
    ), // Trackmania2020
    (
        0x03365000,
        "CGameDataFileTask_ItemCollection_NadeoServices_GetList",
    ), // Trackmania2020
    (
        0x03366000,
        "CGameDataFileTask_ItemCollection_NadeoServices_RemoveFavorite",
    ), // Trackmania2020
    (
        0x03367000,
        "CGameDataFileTask_ItemCollection_NadeoServices_Update",
    ), // Trackmania2020
    (
        0x03368000,
        "CGameDataFileTask_ItemCollection_NadeoServices_CreateVersion",
    ), // Trackmania2020
    (
        0x03369000,
        "CGameDataFileTask_ItemCollection_NadeoServices_SetActivityId",
    ), // Trackmania2020
    (0x0336A000, "CGameScoreTask_LoadSeasonScoreList"), // Trackmania2020
    (
        0x0336B000,
        "CGameScoreTask_SynchronizePlayerSeasonScoreList",
    ), // Trackmania2020
    (
        0x0336C000,
        "CGameDataFileTask_ItemCollection_NadeoServices_RemoveFavoriteFromName",
    ), // Trackmania2020
    (
        0x0336D000,
        "CGameDataFileTask_ItemCollection_NadeoServices_GetListFromIdentifierList",
    ), // Trackmania2020
    (
        0x0336E000,
        "CWebServicesTaskResult_NadeoServicesItemCollectionWithClubInfoList",
    ), // Trackmania2020
    (0x0336F000, "CGameSessionArchive"),                // Trackmania2020
    (0x03370000, "CWebServicesTaskResult_PrestigeListScript"), // Trackmania2020
    (0x03371000, "CWebServicesTaskResult_FriendListScript"), // Trackmania2020
    (0x03372000, "CGameUserService"),                   // Trackmania2020
    (0x03373000, "CWebServicesTaskResult_UserPrestigeListScript"), // Trackmania2020
    (0x03374000, "CWebServicesTaskResult_Squad"),       // Trackmania2020
    (0x03375000, "CWebServicesTaskResult_SquadScript"), // Trackmania2020
    (0x03376000, "CGameUserTask_Squad_AcceptInvitation"), // Trackmania2020
    (0x03377000, "CGameUserTask_Squad_CancelInvitation"), // Trackmania2020
    (0x03378000, "CGameUserTask_Squad_Create"),         // Trackmania2020
    (0x03379000, "CGameUserTask_Squad_DeclineInvitation"), // Trackmania2020
    (0x0337A000, "CGameUserTask_Squad_Get"),            // Trackmania2020
    (0x0337B000, "CGameUserTask_Squad_GetCurrent"),     // Trackmania2020
    (0x0337C000, "CGameUserTask_Squad_InviteInto"),     // Trackmania2020
    (0x0337E000, "CGameUserTask_Squad_RemoveMember"),   // Trackmania2020
    (0x0337F000, "CGameUserTask_Squad_SetLeader"),      // Trackmania2020
    (0x03380000, "CGameWebServicesNotificationService"), // Trackmania2020
    (0x03381000, "CGameWebServicesNotificationManagerScript"), // Trackmania2020
    (0x03382000, "CWebServicesTaskResult_WSNotification"), // Trackmania2020
    (0x03383000, "CWebServicesTaskResult_WSNotificationScript"), // Trackmania2020
    (
        0x03384000,
        "CGameWebServicesNotificationTask_PopNextNotification",
    ), // Trackmania2020
    (0x03385000, "CGameUserTask_Squad_AbstractTask"),   // Trackmania2020
    (0x03386000, "CGameManialinkScriptHandler_ReadOnly"), // Trackmania2020
    (0x03387000, "CGameScriptHandlerPlaygroundInterface_ReadOnly"), // Trackmania2020
    (0x03388000, "CWebServicesTask_PostConnect_Tag"),   // Trackmania2020
    (0x03389000, "CWebServicesTaskResult_UserPrestigeScript"), // Trackmania2020
    (0x0338A000, "CWebServicesTaskResult_ClubTagListScript"), // Trackmania2020
    (0x0338B000, "CGameCtnMediaBlockOpponentVisibility"),
    (0x0338C000, "CWebServicesTaskResult_ZoneListScript"), // Trackmania2020
    (0x0338D000, "CGameUserVoiceChat"),                    // Trackmania2020
    (0x0338E000, "CGameScriptHandlerMediaTrack"),          // Trackmania2020
    // Engine 0x04
    (0x04001000, "GxLight"),
    (0x04002000, "GxLightBall"),
    (0x04003000, "GxLightPoint"),
    (0x04004000, "GxFog"),
    (0x04005000, "GxLightAmbient"),
    (0x04006000, "GxLightNotAmbient"),
    (0x04007000, "GxLightDirectional"),
    (0x04008000, "GxFogBlender"),
    (0x0400A000, "GxLightFrustum"),
    (0x0400B000, "GxLightSpot"),
    // Engine 0x05
    (0x05002000, "CFuncKeys"),
    (0x05003000, "CFuncKeysTrans"),
    (0x05004000, "CFuncKeysTransQuat"),
    (0x05005000, "CFuncSkel"),
    (0x05006000, "CFuncKeysSkel"),
    (0x05007000, "CFuncSkelValues"),
    (0x05008000, "CFuncKeysCmd"),
    (0x0500A000, "CFuncKeysPath"),
    (0x0500B000, "CFuncPlug"),
    (0x0500C000, "CFuncLightIntensity"),
    (0x0500D000, "CFuncTreeTranslate"),
    (0x0500E000, "CFuncEnum"),
    (0x0500F000, "CFuncSin"),
    (0x05010000, "CFunc"),
    (0x05011000, "CFuncShader"),
    (0x05012000, "CFuncKeysVisual"),
    (0x05013000, "CFuncKeysSound"),
    (0x05014000, "CFuncShaders"),
    (0x05015000, "CFuncShaderLayerUV"),
    (0x05016000, "CFuncShaderFxFactor"),
    (0x05017000, "CFuncColor"),
    (0x05018000, "CFuncLight"),
    (0x05019000, "CFuncLightColor"),
    (0x0501A000, "CFuncKeysReal"),
    (0x0501B000, "CFuncVisual"),
    (0x0501C000, "CFuncTree"),
    (0x0501D000, "CFuncVisualShiver"),
    (0x0501E000, "CFuncTreeRotate"),
    (0x0501F000, "CFuncTreeBend"),
    (0x05020000, "CFuncPathMesh"),
    (0x05021000, "CFuncPathMeshLocation"),
    (0x0502A000, "CFuncKeysReals"),
    (0x0502B000, "CFuncVisualBlendShapeSequence"),
    (0x0502C000, "CFuncManagerCharacter"),
    (0x0502D000, "CFuncManagerCharacterAdv"),
    (0x0502E000, "CFuncGroup"),
    (0x0502F000, "CFuncGroupElem"),
    (0x05030000, "CFuncKeysNatural"),
    (0x05031000, "CFuncTreeSubVisualSequence"),
    (0x05032000, "CFuncTreeElevator"),
    (0x05033000, "CFuncShaderTweakKeysTranss"),
    (0x05034000, "CFuncWeather"),
    (0x05035000, "CFuncPuffLull"),
    (0x05036000, "CFuncEnvelope"),
    (0x05037000, "CFuncSegment"),
    (0x05038000, "CFuncColorGradient"),
    (0x05039000, "CFuncFullColorGradient"),
    (0x0503A000, "CFuncClouds"),
    (0x0503C000, "CCurveInterface"),
    (0x05042000, "CFuncCurvesReal"),
    (0x05043000, "CFuncCurves2Real"),
    (0x05044000, "CFuncNoise"),
    // Engine 0x06
    (0x06001000, "CHmsCamera"),
    (0x06002000, "CHmsCorpus"),
    (0x06003000, "CHmsItem"),
    (0x06004000, "CHmsZone"),
    (0x06005000, "CHmsZoneDynamic"),
    (0x06006000, "CHmsPortal"),
    (0x06007000, "CHmsPoc"),
    (0x06008000, "CHmsZoneElem"),
    (0x06009000, "CHmsZoneOverlay"),
    (0x0600A000, "CHmsListener"),
    (0x0600B000, "CHmsPocEmitter"),
    (0x0600C000, "CHmsLight"),
    (0x0600D000, "CHmsSoundSource"),
    (0x0600E000, "CHmsPortalProperty"),
    (0x0600F000, "CHmsCorpusLight"),
    (0x06010000, "CHmsViewport"),
    (0x06011000, "CHmsPrecalcRender"),
    (0x06012000, "CHmsShadowGroup"),
    (0x06014000, "CHmsForceField"),
    (0x06015000, "CHmsForceFieldBall"),
    (0x06016000, "CHmsForceFieldUniform"),
    (0x06017000, "CHmsFogPlane"),
    (0x06018000, "CHmsPicker"),
    (0x06019000, "CHmsCollisionManager"),
    (0x0601D000, "CHmsConfig"),
    (0x06020000, "CHmsItemShadow"),
    (0x06021000, "CHmsPackLightMap"),
    (0x06022000, "CHmsPackLightMapCache"),
    (0x06023000, "CHmsPackLightMapMood"),
    (0x06024000, "CHmsPackLightMapAlloc"),
    (0x06025000, "CHmsCorpus2d"),
    (0x06026000, "CHmsAmbientOcc"),
    // Engine 0x07
    (0x07001000, "CControlBase"),
    (0x07002000, "CControlContainer"),
    (0x07003000, "CControlEffectSwitchStyle"),
    (0x07004000, "CControlUiElement"),
    (0x07005000, "CControlEffect"),
    (0x07006000, "CControlLabel"),
    (0x07007000, "CControlButton"),
    (0x07009000, "CControlEntry"),
    (0x0700A000, "CControlEnum"),
    (0x0700B000, "CControlSlider"),
    (0x0700C000, "CControlLayout"),
    (0x0700D000, "CControlListItem"),
    (0x0700E000, "CControlUiDockable"),
    (0x0700F000, "CControlList"),
    (0x07010000, "CControlEffectSimi"),
    (0x07011000, "CControlEffectMotion"),
    (0x07012000, "CControlForm"),
    (0x07013000, "CControlOverlay"),
    (0x07014000, "CControlUiRange"),
    (0x07015000, "CControlGrid"),
    (0x07016000, "CControlFrame"),
    (0x07017000, "CControlStyle"),
    (0x07018000, "CControlField2"),
    (0x07019000, "CControlUrlLinks"),
    (0x0701A000, "CControlTimeLine"),
    (0x0701B000, "CControlQuad"),
    (0x0701C000, "CControlEffectMaster"),
    (0x0701D000, "CControlCredit"),
    (0x0701E000, "CControlColorChooser"),
    (0x0701F000, "CControlColorChooser2"),
    (0x07021000, "CControlSimi2"),
    (0x07022000, "CControlTimeLine2"),
    (0x07023000, "CControlEffectCombined"),
    (0x07024000, "CControlDisplayGraph"),
    (0x07025000, "CControlEffectMoveFrame"),
    (0x07026000, "CControlFrameStyled"),
    (0x07027000, "CControlStyleSheet"),
    (0x07028000, "CControlListMap"),
    (0x07029000, "CControlListMap2"),
    (0x0702A000, "CControlCurve"),
    (0x0702B000, "CControlIconIndex"),
    (0x0702C000, "CControlMediaPlayer"),
    (0x0702D000, "CControlRadar"),
    (0x0702E000, "CControlMediaItem"),
    (0x0702F000, "CControlImage"),
    (0x07030000, "CControlPager"),
    (0x07031000, "CControlText"),
    (0x07032000, "CControlFrameAnimated"),
    // Engine 0x08
    (0x08001000, "CMotion"),
    (0x08027000, "CMotionFunc"),
    (0x08028000, "CMotions"),
    (0x08029000, "CMotionCmdBase"),
    (0x0802B000, "CMotionShader"),
    (0x0802D000, "CMotionCmdBaseParams"),
    (0x0802E000, "CMotionPlaySound"),
    (0x0802F000, "CMotionPlaySoundMobil"),
    (0x08030000, "CMotionPath"),
    (0x08031000, "CMotionPlay"),
    (0x08032000, "CMotionPlayCmd"),
    (0x08033000, "CMotionTrack"),
    (0x08034000, "CMotionPlayer"),
    (0x08035000, "CMotionTrackMobilRotate"),
    (0x08036000, "CMotionSkelSimple"),
    (0x08037000, "CMotionSkel"),
    (0x08038000, "CMotionLight"),
    (0x08039000, "CMotionTrackMobilMove"),
    (0x08040000, "CMotionTrackVisual"),
    (0x08041000, "CMotionTrackMobilPitchin"),
    (0x08042000, "CMotionTrackTree"),
    (0x08043000, "CMotionTeamActionInfo"),
    (0x08044000, "CMotionTeamManager"),
    (0x08045000, "CMotionTeamAction"),
    (0x08046000, "CMotionManagerCharacter"),
    (0x08047000, "CMotionManagerCharacterAdv"),
    (0x08048000, "CMotionGroupPlayers"),
    (0x08049000, "CMotionBone"),
    (0x0804A000, "CMotionTrackMobilScale"),
    (0x0804B000, "CMotionManager"),
    (0x0804C000, "CMotionEmitterLeaves"),
    (0x0804D000, "CMotionManagerLeaves"),
    (0x0804E000, "CMotionManaged"),
    (0x08051000, "CMotionWindBlocker"),
    (0x08052000, "CMotionManagerMeteo"),
    (0x08053000, "CMotionManagerWeathers"),
    (0x08054000, "CMotionWeather"),
    (0x08055000, "CMotionDayTime"),
    (0x08056000, "CMotionTimerLoop"),
    (0x08057000, "CMotionManagerMeteoPuffLull"),
    (0x08058000, "CMotionEmitterParticles"),
    (0x08059000, "CMotionManagerParticles"),
    (0x0805A000, "CMotionParticleType"),
    (0x0805B000, "CMotionParticleEmitterModel"),
    // Engine 0x09
    (0x09001000, "CPlugAudio"),
    (0x09002000, "CPlugShader"),
    (0x09003000, "CPlugCrystal"),
    (0x09004000, "CPlugShaderGeneric"),
    (0x09005000, "CPlugSolid"),
    (0x09006000, "CPlugVisual"),
    (0x09007000, "CPlugMapAINode"), // Trackmania2020
    (0x09008000, "CPlugBitmapHighLevel"),
    (0x09009000, "CPlugVisualIndexedLines"),
    (0x0900A000, "CPlugVisualOctree"),
    (0x0900B000, "CPlugBitmapRenderShadow"),
    (0x0900C000, "CPlugSurface"),
    (0x0900E000, "CPlugVisualIndexedTriangles2D"),
    (0x0900F000, "CPlugSurfaceGeom"),
    (0x09010000, "CPlugVisualSprite"),
    (0x09011000, "CPlugBitmap"),
    (0x09012000, "CPlugBitmapApply"),
    (0x09013000, "CPlugVisualLines"),
    (0x09014000, "CPlugVisualLines2D"),
    (0x09015000, "CPlugTreeVisualMip"),
    (0x09016000, "CPlugVisualStrip"),
    (0x09017000, "CPlugVisualVertexs"),
    (0x09018000, "CPlugVoxelResource"), // Trackmania2020
    (0x09019000, "CPlugFilePack"),
    (0x0901A000, "CPlugSound"),
    (0x0901B000, "CPlugSoundMood"),
    (0x0901C000, "CPlugMusic"),
    (0x0901D000, "CPlugLight"),
    (0x0901E000, "CPlugVisualIndexedTriangles"),
    (0x09020000, "CPlugFile"),
    (0x09021000, "CPlugBitmapRenderLightFromMap"),
    (0x09022000, "CPlugFileJpg"),
    (0x09023000, "CPlugFileTga"),
    (0x09024000, "CPlugFileDds"),
    (0x09025000, "CPlugFileImg"),
    (0x09026000, "CPlugShaderApply"),
    (0x09027000, "CPlugVisualQuads"),
    (0x09028000, "CPlugVisualTriangles"),
    (0x09029000, "CPlugVisualHeightField"),
    (0x0902A000, "CPlugVisualIndexedStrip"),
    (0x0902B000, "CPlug"),
    (0x0902C000, "CPlugVisual3D"),
    (0x0902D000, "CPlugFileFont"),
    (0x0902F000, "CPlugFileGen"),
    (0x09030000, "CPlugFileSnd"),
    (0x09031000, "CPlugFileWav"),
    (0x09032000, "CPlugFileAvi"),
    (0x09034000, "CPlugAudioBalance"), // Trackmania2020
    (0x09035000, "CPlugFileFidContainer"),
    (0x09036000, "CPlugBitmapPacker"),
    (0x09037000, "CPlugMusicType"),
    (0x09039000, "CPlugAudioEnvironment"),
    (0x0903A000, "CPlugMaterialCustom"),
    (0x0903B000, "CPlugVisualGrid"),
    (0x0903C000, "CPlugVisualPath"),
    (0x0903D000, "CPlugFilePng"),
    (0x0903E000, "CPlugBlendShapes"),
    (0x0903F000, "CPlugTreeGenText"),
    (0x09040000, "CPlugFileGPU"),
    (0x09041000, "CPlugFileText"),
    (0x09042000, "CPlugFileVsh"),
    (0x09044000, "CPlugBitmapPack"),
    (0x09045000, "CPlugFilePsh"),
    (0x09046000, "CPlugBitmapPackElem"),
    (0x09047000, "CPlugBitmapAddress"),
    (0x09048000, "CPlugBitmapPackInput"),
    (0x09049000, "CPlugFileFidCache"),
    (0x0904A000, "CPlugVisual2D"),
    (0x0904B000, "CPlugVisualQuads2D"),
    (0x0904D000, "CPlugFont"),
    (0x0904E000, "CPlugFontBitmap"),
    (0x0904F000, "CPlugTree"),
    (0x09051000, "CPlugTreeGenerator"),
    (0x09052000, "CPlugRessourceStrings"),
    (0x09053000, "CPlugGpuCompileCache"),
    (0x09054000, "CPlugFileTextScript"),
    (0x09055000, "CPlugFileI18n"),
    (0x09056000, "CPlugVertexStream"),
    (0x09057000, "CPlugIndexBuffer"),
    (0x09058000, "CPlugBitmapRenderHemisphere"),
    (0x0905A000, "CPlugFileOggVorbis"),
    (0x0905B000, "CPlugBitmapRenderPortal"),
    (0x0905C000, "CPlugBitmapRenderPlaneR"),
    (0x0905D000, "CPlugModelShell"),
    (0x0905E000, "CPlugSoundSurface"),
    (0x0905F000, "CPlugFileBink"),
    (0x09060000, "CPlugFileVideo"),
    (0x09061000, "CPlugLocatedSound"), // Trackmania2020
    (0x09062000, "CPlugTreeLight"),
    (0x09064000, "CPlugSoundMulti"),
    (0x09065000, "CPlugSoundVideo"),
    (0x09066000, "CPlugPointsInSphereOpt"),
    (0x09067000, "CPlugShaderPass"),
    (0x09068000, "CPlugShaderSprite"),
    (0x09069000, "CPlugShaderSpritePath"),
    (0x0906A000, "CPlugVisualIndexed"),
    (0x0906B000, "CPlugTreeFrustum"),
    (0x0906C000, "CPlugFileSvg"), // Trackmania2020
    (0x09072000, "CPlugModelTree"),
    (0x09073000, "CPlugModelMesh"),
    (0x09074000, "CPlugFileVHlsl"),
    (0x09075000, "CPlugFileGPUV"),
    (0x09076000, "CPlugFileGPUP"),
    (0x09077000, "CPlugFilePHlsl"),
    (0x09078000, "CPlugBitmapDecals"), // Trackmania2020
    (0x09079000, "CPlugMaterial"),
    (0x0907A000, "CPlugMaterialFx"),
    (0x0907B000, "CPlugMaterialFxFlags"),
    (0x0907C000, "CPlugMaterialFxFur"),
    (0x0907D000, "CPlugMaterialFxs"),
    (0x0907E000, "CPlugBitmapSampler"),
    (0x09080000, "CPlugBitmapShader"),
    (0x09081000, "CPlugMaterialFxDynaBump"),
    (0x09082000, "CPlugMaterialFxDynaMobil"),
    (0x09083000, "CPlugMaterialFxGenUvProj"),
    (0x09084000, "CPlugFileZip"),
    (0x09085000, "CPlugFileAudioMotors"), // Trackmania2020
    (0x09086000, "CPlugBitmapRender"),
    (0x09087000, "CPlugBitmapRenderWater"),
    (0x09088000, "CPlugBitmapRenderCubeMap"),
    (0x09089000, "CPlugBitmapRenderCamera"),
    (0x0908A000, "CPlugBitmapRenderVDepPlaneY"),
    (0x0908B000, "CPlugFileSndGen"),
    (0x0908C000, "CPlugMaterialFxGenCV"),
    (0x0908E000, "CPlugSoundEngine"),
    (0x0908F000, "CPlugSoundEngineComponent"),
    (0x09090000, "CPlugBitmapRenderSolid"),
    (0x09091000, "CPlugBitmapRenderSub"),
    (0x09092000, "CPlugModel"),
    (0x09093000, "CPlugFileGpuFx"),
    (0x09094000, "CPlugFileGpuFxD3d"),
    (0x09095000, "CPlugFileVso"),
    (0x09096000, "CPlugFilePso"),
    (0x09098000, "CPlugFileModel"),
    (0x09099000, "CPlugFileModelObj"),
    (0x0909A000, "CPlugTreeGenSolid"),
    (0x0909B000, "CPlugFileModel3ds"),
    (0x0909C000, "CPlugModelLodMesh"),
    (0x0909D000, "CPlugModelFur"),
    (0x0909E000, "CPlugBitmapRenderOverlay"),
    (0x0909F000, "CPlugBitmapRenderLightOcc"),
    (0x090A0000, "CPlugViewDepLocator"),
    (0x090A1000, "CPlugTreeViewDep"),
    (0x090A2000, "CPlugDecoratorTree"),
    (0x090A3000, "CPlugDecoratorSolid"),
    (0x090A4000, "CPlugModelFences"),
    (0x090A5000, "CPlugFileModelFbx"), // Trackmania2020
    (0x090A6000, "CPlugFurWind"),
    (0x090A7000, "CPlugDecalModel"),         // Trackmania2020
    (0x090A8000, "CPlugBitmapAtlas"),        // Trackmania2020
    (0x090AA000, "CPlugSphericalHarmonics"), // Trackmania2020
    (0x090AB000, "CPlugBitmapArray"),        // Trackmania2020
    (0x090AC000, "CPlugSpriteParam"),        // Trackmania2020
    (0x090AD000, "CPlugFileExr"),
    (0x090AE000, "CPlugPoissonDiscDistribution"), // Trackmania2020
    (0x090B0000, "CPlugAnimFile"),
    (0x090B1000, "CPlugVisualCelEdge"),           // Trackmania2020
    (0x090B2000, "CPlugParticleEmitterSubModel"), // Trackmania2020
    (0x090B3000, "CPlugParticleEmitterModel"),    // Trackmania2020
    (0x090B4000, "CPlugBeamEmitterModel"),        // Trackmania2020
    (0x090B5000, "CPlugParticleSplashModel"),     // Trackmania2020
    (0x090B6000, "CPlugParticleImpactModel"),     // Trackmania2020
    (0x090B7000, "CPlugParticleMaterialImpactModel"), // Trackmania2020
    (0x090B8000, "CPlugBitmapApplyArray"),        // Trackmania2020
    (0x090B9000, "CPlugOpModel"),                 // Trackmania2020
    (0x090BA000, "CPlugSkel"),
    (0x090BB000, "CPlugSolid2Model"),
    (0x090BC000, "CPlugFileModelCollada"), // Trackmania2020
    (0x090BD000, "CPlugTimedPixelArray"),  // Trackmania2020
    (0x090BE000, "CPlugResource"),         // Trackmania2020
    (0x090BF000, "CPlugWeatherModel"),     // Trackmania2020
    (0x090C0000, "CPlugFileFidContainer_SystemUserSaveProxy"), // Trackmania2020
    (0x090C1000, "CPlugFxLensFlareArray"), // Trackmania2020
    (0x090C4000, "CPlugParticleEmitterSubModelGpu"), // Trackmania2020
    (0x090C5000, "CPlugParticleGpuSpawn"), // Trackmania2020
    (0x090C6000, "CPlugParticleGpuModel"), // Trackmania2020
    (0x090C7000, "CPlugCharVisModel"),     // Trackmania2020
    (0x090C8000, "CPlugSkelSetup"),        // Trackmania2020
    (0x090C9000, "CPlugCharPhyModel"),     // Trackmania2020
    (0x090CA000, "CPlugCharPhyMaterial"),  // Trackmania2020
    (0x090CB000, "CPlugFxLensDirtGen"),    // Trackmania2020
    (0x090CC000, "CPlugShieldEmitterModel"), // Trackmania2020
    (0x090CD000, "CPlugBulletModel"),      // Trackmania2020
    (0x090CE000, "CPlugDataTape"),
    (0x090CF000, "CPlugSpline3D"),       // Trackmania2020
    (0x090D3000, "CPlugFogMatter"),      // Trackmania2020
    (0x090D4000, "CPlugFogVolume"),      // Trackmania2020
    (0x090D5000, "CPlugFogVolumeBox"),   // Trackmania2020
    (0x090D6000, "CPlugDestructibleFx"), // Trackmania2020
    (0x090D7000, "CPlugDynaPointModel"), // Trackmania2020
    (0x090D8000, "CPlugFxLightning"),    // Trackmania2020
    (0x090D9000, "CPlugFxWindOnDecal"),  // Trackmania2020
    (0x090DB000, "CPlugFileWebP"),
    (0x090DC000, "CPlugMaterialPack"),            // Trackmania2020
    (0x090DD000, "NPlugItemPlacement_SDatabase"), // Trackmania2020
    (0x090E0000, "CPlugCharPhyRecoilModel"),      // Trackmania2020
    (0x090E1000, "CPlugFxWindOnTreeSprite"),      // Trackmania2020
    (0x090E5000, "CPlugFlockModel"),              // Trackmania2020
    (0x090E6000, "CPlugVehicleVisEmitterModel"),  // Trackmania2020
    (0x090E7000, "CPlugVehicleVisModel"),
    (0x090E8000, "CPlugVehicleVisModelShared"), // Trackmania2020
    (0x090E9000, "CPlugVehicleMaterialGroup"),  // Trackmania2020
    (0x090EA000, "CPlugVehiclePhyModel"),
    (0x090EB000, "CPlugVehiclePhyTuning"),
    (0x090EC000, "CPlugVehiclePhyTunings"),
    (0x090ED000, "CPlugVehicleCarPhyTuning"),
    (0x090EF000, "CPlugVehicleCameraRace3Model"),
    (0x090F0000, "CPlugBodyPath"), // Trackmania2020
    (0x090F1000, "CPlugVehicleMaterial"),
    (0x090F2000, "CPlugCharPhySpecialProperty"), // Trackmania2020
    (0x090F3000, "CPlugParticleGpuVortex"),      // Trackmania2020
    (0x090F4000, "CPlugGameSkin"),
    (0x090F5000, "CPlugFxHdrScales_Tech3"), // Trackmania2020
    (0x090F6000, "CPlugVehicleCameraRace2Model"),
    (0x090F7000, "CPlugVehicleCameraInternalModel"),
    (0x090F8000, "CPlugAnimLocSimple"),
    (0x090F9000, "CPlugLightUserModel"),
    (0x090FB000, "CPlugCharPhyMaterials"),    // Trackmania2020
    (0x090FC000, "CPlugCharPhyModelCustom"),  // Trackmania2020
    (0x090FD000, "CPlugMaterialUserInst"),    // Trackmania2020
    (0x090FE000, "CPlugMoodSetting"),         // Trackmania2020
    (0x090FF000, "CPlugMoodAtmo"),            // Trackmania2020
    (0x09100000, "CPlugBodyGraph"),           // Trackmania2020
    (0x09103000, "CPlugCustomBulletModel"),   // Trackmania2020
    (0x09104000, "CPlugTriggerAction"),       // Trackmania2020
    (0x09105000, "CPlugBeamEmitterSubModel"), // Trackmania2020
    (0x09106000, "CPlugProbe"),               // Trackmania2020
    (0x09107000, "CPlugCustomBeamModel"),     // Trackmania2020
    (0x09108000, "CPlugFileWebM"),
    (0x0910A000, "CPlugCharVisModelCustom"), // Trackmania2020
    (0x0910B000, "CPlugCamShakeModel"),
    (0x0910C000, "CPlugCamControlModel"),
    (0x0910D000, "CPlugImportMeshParam"), // Trackmania2020
    (0x0910E000, "CPlugVehicleCarPhyShape"),
    (0x0910F000, "CPlugTurret"),                        // Trackmania2020
    (0x09110000, "CPlugVehicleCamInternalVisOffset"),   // Trackmania2020
    (0x09111000, "CPlugShieldModel"),                   // Trackmania2020
    (0x09112000, "CPlugVehicleCameraRaceModel"),        // Trackmania2020
    (0x09113000, "CPlugVehicleCameraHmdExternalModel"), // Trackmania2020
    (0x09114000, "CPlugVehicleVisGeomModel"),           // Trackmania2020
    (0x09115000, "CPlugVisEntFxModel"),                 // Trackmania2020
    (0x09116000, "CPlugGpuBuffer"),                     // Trackmania2020
    (0x09118000, "CPlugPolyLine3"),                     // Trackmania2020
    (0x09119000, "CPlugPath"),                          // Trackmania2020
    (0x0911A000, "CPlugMoodBlender"),                   // Trackmania2020
    (0x0911B000, "CPlugTrainModel"),                    // Trackmania2020
    (0x0911C000, "CPlugTrainWagonModel"),               // Trackmania2020
    (0x0911D000, "CPlugMoodCurve"),                     // Trackmania2020
    (0x0911E000, "CPlugVehiclePhyModelCustom"),
    (0x0911F000, "CPlugEntRecordData"),
    (0x09121000, "CPlugTrainWagonModelCustom"), // Trackmania2020
    (0x09123000, "CPlugEntitySpawner"),         // Trackmania2020
    (0x09125000, "CPlugWeather_DayTimeElem_Compat"), // Trackmania2020
    (0x09126000, "CPlugWeather_WindBlockerElem"), // Trackmania2020
    (0x09127000, "CPlugDynaConstraintModel"),   // Trackmania2020
    (0x09128000, "CPlugRoadChunk"),             // Trackmania2020
    (0x0912B000, "CPlugAnimGraph"),             // Trackmania2020
    (0x0912C000, "SPlugVehicleOccupantSpawn"),  // Trackmania2020
    (0x0912D000, "SPlugVehicleOccupantSlot"),   // Trackmania2020
    (0x0912E000, "CPlugVehicleWheelPhyModel"),  // Trackmania2020
    (0x0912F000, "CPlugDynaModel"),             // Trackmania2020
    (0x09131000, "CPlugAdnPart"),               // Trackmania2020
    (0x09132000, "CPlugAnimClipBaked"),         // Trackmania2020
    (0x09133000, "CPlugAnimChannelGroup"),      // Trackmania2020
    (0x09134000, "CPlugAnimClipEdition"),       // Trackmania2020
    (0x09135000, "CPlugAnimClip"),              // Trackmania2020
    (0x09136000, "CPlugAnimPoseGrid"),          // Trackmania2020
    (0x09137000, "CPlugAnimPoseGroup"),         // Trackmania2020
    (0x09138000, "CPlugAnimGraphStack"),        // Trackmania2020
    (0x0913A000, "CPlugAnimClipEditionPose"),   // Trackmania2020
    (0x0913B000, "CPlugAnimVariantGroup"),      // Trackmania2020
    (0x0913C000, "CPlugAnimSpotModel"),         // Trackmania2020
    (0x0913E000, "CPlugAdnModel"),              // Trackmania2020
    (0x0913F000, "CPlugAdnProject"),            // Trackmania2020
    (0x09140000, "CPlugAdnRandomGen"),          // Trackmania2020
    (0x09141000, "CPlugAnimImport"),            // Trackmania2020
    (0x09142000, "CPlugMaterial_VertexIndex"),  // Trackmania2020
    (0x09143000, "CPlugAdnRandomGroup"),        // Trackmania2020
    (0x09144000, "CPlugDynaObjectModel"),       // Trackmania2020
    (0x09145000, "CPlugPrefab"),                // Trackmania2020
    (0x09146000, "CPlugVehicleVisStyles"),      // Trackmania2020
    (0x09147000, "CPlugVehicleVisStyleRandomGroup"), // Trackmania2020
    (0x09148000, "CPlugCitizenModel"),          // Trackmania2020
    (0x09149000, "CPlugFxAnimFromTexture1dArray"), // Trackmania2020
    (0x0914A000, "CPlugAdnTagFidCache"),        // Trackmania2020
    (0x0914B000, "CPlugMetaData"),              // Trackmania2020
    (0x0914C000, "CPlugImageArray"),            // Trackmania2020
    (0x0914D000, "CPlugVehicleCameraHelicoModel"), // Trackmania2020
    (0x09150000, "CPlugRecastPolyMeshData"),    // Trackmania2020
    (0x09153000, "CPlugVFXFile"),               // Trackmania2020
    (0x09154000, "CPlugSymlink"),               // Trackmania2020
    (0x09155000, "CPlugAnimRigUIConfig"),       // Trackmania2020
    (0x09157000, "CPlugAdnRandomGenList"),      // Trackmania2020
    (0x09158000, "CPlugLightDyna"),             // Trackmania2020
    (0x09159000, "CPlugStaticObjectModel"),
    (0x0915A000, "CPlugLightMapCustom"),    // Trackmania2020
    (0x0915C000, "CPlugFxSystem"),          // Trackmania2020
    (0x0915D000, "CPlugGameSkinAndFolder"), // Trackmania2020
    (0x0915E000, "CPlugMaterialColorTargetTable"), // Trackmania2020
    (0x0915F000, "CPlugDynaWaterModel"),    // Trackmania2020
    (0x09160000, "CPlugPlacementPatch"),
    (0x09161000, "CPlugRoadChunkTraffic"),   // Trackmania2020
    (0x09162000, "CPlugRoadChunkCitizen"),   // Trackmania2020
    (0x09164000, "CPlugAnimJointExprGroup"), // Trackmania2020
    (0x09165000, "NPlugModelKit_SDataBaseDesc"), // Trackmania2020
    (0x09166000, "NPlugModelKit_SDataBase"), // Trackmania2020
    (0x09178000, "NPlugTrigger_SWaypoint"),  // Trackmania2020
    (0x09179000, "NPlugTrigger_SSpecial"),   // Trackmania2020
    (0x0917A000, "CPlugSpawnModel"),         // Trackmania2020
    (0x0917B000, "CPlugEditorHelper"),       // Trackmania2020
    (0x0917C000, "SPlugFlockEmitterState"),  // Trackmania2020
    (0x0917D000, "CPlugMaterialWaterArray"), // Trackmania2020
    (0x0917E000, "CPlugWeather"),            // Trackmania2020
    (0x0917F000, "CPlugPuffLull"),           // Trackmania2020
    (0x09180000, "CPlugClouds"),             // Trackmania2020
    (0x09181000, "CPlugDayTime"),            // Trackmania2020
    (0x09182000, "CPlugCloudsParam"),
    (0x09183000, "CPlugCloudsSolids"),         // Trackmania2020
    (0x09184000, "CPlugCurveEnvelopeDeprec"),  // Trackmania2020
    (0x09185000, "CPlugCurveSimpleNod"),       // Trackmania2020
    (0x09186000, "CPlugBitmapArrayBuilder"),   // Trackmania2020
    (0x09187000, "NPlugItemPlacement_SClass"), // Trackmania2020
    (0x09188000, "CPlugPodium"),               // Trackmania2020
    (0x09189000, "CPlugMediaClipList"),        // Trackmania2020
    (0x0918B000, "NPlugAnim_SRig"),            // Trackmania2020
    (0x0918C000, "NPlugAnim_SRigToSkel"),      // Trackmania2020
    (0x0918D000, "NPlugAnim_SRigToSkelNode"),  // Trackmania2020
    (0x0918E000, "NPlugAnim_SRigToSkelNode_Chain2"), // Trackmania2020
    (0x0918F000, "NPlugAnim_SRigToSkelNode_Fixed"), // Trackmania2020
    (0x09190000, "NPlugAnim_SRigToSkelNode_SetDOV"), // Trackmania2020
    (0x09191000, "NPlugAnim_SRigToSkelNode_SetPos"), // Trackmania2020
    // Engine 0x0A
    (0x0A000000, "CSceneEngine"),
    (0x0A001000, "CScene"),
    (0x0A002000, "CScene2d"),
    (0x0A003000, "CScene3d"),
    (0x0A004000, "CSceneSector"),
    (0x0A005000, "CSceneObject"),
    (0x0A006000, "CSceneGate"),
    (0x0A007000, "CSceneLocation"),
    (0x0A008000, "CScenePath"),
    (0x0A009000, "CScenePoc"),
    (0x0A00A000, "CSceneCamera"),
    (0x0A00B000, "CSceneLight"),
    (0x0A00C000, "CSceneController"),
    (0x0A00D000, "CSceneListener"),
    (0x0A00E000, "CSceneSoundSource"),
    (0x0A00F000, "CSceneObjectLink"),
    (0x0A011000, "CSceneMobil"),
    (0x0A012000, "CSceneToy"),
    (0x0A014000, "CSceneObjectLink"),
    (0x0A016000, "CSceneToyCharacterDesc"),
    (0x0A017000, "CScenePickerManager"),
    (0x0A018000, "CSceneVehicleVis"),
    (0x0A019000, "CSceneCharVis"),
    (0x0A01D000, "CPlugBitmapRenderScene3d"),
    (0x0A01E000, "CSceneSoundManager"),
    (0x0A01F000, "CSceneMessageHandler"),
    (0x0A029000, "CSceneVehicleCarTuning"),
    (0x0A02C000, "CSceneMobilClouds"),
    (0x0A02D000, "CSceneToyBroomstick"),
    (0x0A02E000, "CSceneVehicleTuning"),
    (0x0A030000, "CSceneVehicleTunings"),
    (0x0A034000, "CSceneFxColors"),
    (0x0A035000, "CSceneFxSuperSample"),
    (0x0A036000, "CSceneLocationCamera"),
    (0x0A037000, "CSceneToyRock"),
    (0x0A038000, "CSceneFxFlares"),
    (0x0A03A000, "CSceneFxNod"),
    (0x0A03B000, "CSceneFxBloom"),
    (0x0A03D000, "CSceneFxToneMapping"),
    (0x0A03E000, "CBoatSailState"),
    (0x0A03F000, "CSceneFxBloomData"),
    (0x0A040000, "CSceneConfig"),
    (0x0A041000, "CSceneConfigVision"),
    (0x0A042000, "CSceneMood"),
    (0x0A043000, "CSceneFxStereoscopy"),
    (0x0A044000, "CSceneFxHeadTrack"),
    (0x0A04F000, "CSceneToyDisplayProgress"),
    (0x0A050000, "CSceneToyDisplayHistogram"),
    (0x0A051000, "CSceneToyDisplayGraph"),
    (0x0A059000, "CSceneField"),
    (0x0A05D000, "CSceneMoods"),
    (0x0A05E000, "CSceneMobilLeaves"),
    (0x0A05F000, "CSceneToyMotorbike"),
    (0x0A062000, "CSceneTrafficGraph"),
    (0x0A063000, "CSceneTrafficPath"),
    (0x0A067000, "CSceneToyFilaments"),
    (0x0A068000, "CSceneMobilTraffic"),
    (0x0A069000, "CSceneMobilFlockAttractor"),
    (0x0A06A000, "CSceneExtraFlocking"),
    (0x0A06B000, "CSceneMotorbikeEnvMaterial"),
    (0x0A06C000, "CSceneExtraFlockingCharacters"),
    (0x0A06D000, "CSceneVehicleSpeedBoat"),
    (0x0A06E000, "CSceneToySubway"),
    (0x0A06F000, "CSceneToyBird"),
    (0x0A070000, "CSceneMobilSnow"),
    (0x0A071000, "CSceneToyLeash"),
    (0x0A072000, "CSceneFx"),
    (0x0A073000, "CSceneFxVisionK"),
    (0x0A074000, "CSceneFxOverlay"),
    (0x0A076000, "CSceneFxCompo"),
    (0x0A077000, "CSceneFxDepthOfField"),
    (0x0A078000, "CSceneFxMotionBlur"),
    (0x0A079000, "CSceneFxCameraBlend"),
    (0x0A07A000, "CSceneFxGrayAccum"),
    (0x0A07B000, "CSceneFxDistor2d"),
    (0x0A07E000, "CSceneFxOccZCmp"),
    (0x0A083000, "CSceneVehicleCarMarksSamples"),
    (0x0A090000, "CSceneToyTrain"),
    (0x0A0A4000, "CSceneBulletVis"),
    (0x0A0AB000, "CSceneWagonVis"),
    (0x0A0AE000, "CSceneGunVis"),
    (0x0A0B6000, "CSceneTrafficPhy"),
    (0x0A100000, "CSceneToyBoat"),
    (0x0A101000, "CSceneToySea"),
    (0x0A104000, "CSceneToyStem"),
    (0x0A105000, "CBoatTeamDesc"),
    (0x0A106000, "CBoatTeamActionDesc"),
    (0x0A107000, "CBoatTeamMateActionDesc"),
    (0x0A108000, "CManoeuvre"),
    (0x0A109000, "CBoatTeamMateLocationDesc"),
    (0x0A10A000, "CSceneToySeaHoule"),
    (0x0A10B000, "CBoatSail"),
    (0x0A10C000, "CSceneToySeaHouleTable"),
    (0x0A10D000, "CSceneToySeaHouleFixe"),
    (0x0A10E000, "CBoatParam"),
    (0x0A401000, "CSceneToyCharacter"),
    // Engine 0x0B
    (0x0B000000, "CSystemEngine"),
    (0x0B001000, "CSystemMouse"),
    (0x0B002000, "CSystemKeyboard"),
    (0x0B003000, "CSystemWindow"),
    (0x0B005000, "CSystemConfig"),
    (0x0B007000, "CNodSystem"),
    (0x0B008000, "CSystemFid"),
    (0x0B009000, "CSystemFids"),
    (0x0B00A000, "CSystemFidFile"),
    (0x0B00B000, "CSystemFidsFolder"),
    (0x0B00C000, "CSystemFidsDrive"),
    (0x0B00D000, "CSystemCmdLoadNod"),
    (0x0B00E000, "CSystemFidMemory"),
    (0x0B00F000, "CSystemCmdDuplicateNod"),
    (0x0B010000, "CSystemCmdExec"),
    (0x0B011000, "CSystemCmdAssert"),
    (0x0B013000, "CSystemConfigDisplay"),
    (0x0B014000, "CSystemPackManager"),
    (0x0B015000, "CSystemPackDesc"),
    (0x0B016000, "CSystemFidBuffer"),
    (0x0B017000, "CSystemNodWrapper"),
    (0x0B018000, "CSystemData"),
    // Engine 0x0C
    (0x0C001000, "CVisionViewport"),
    (0x0C003000, "CVisionViewportNull"), // Trackmania2020
    (0x0C00A000, "CVisionViewportDx9"),
    (0x0C00B000, "CDx9DeviceCaps"),
    (0x0C012000, "CVisionResourceFile"),
    (0x0C014000, "CDx11Viewport"),          // Trackmania2020
    (0x0C019000, "CVisionResourceShaders"), // Trackmania2020
    (0x0C01B000, "SVisShadowCacheMgr"),     // Trackmania2020
    (0x0C030000, "CVisPostFx_ToneMapping"), // Trackmania2020
    (0x0C031000, "CVisPostFx_MotionBlur"),  // Trackmania2020
    (0x0C032000, "CVisPostFx_BloomHdr"),    // Trackmania2020
    // Engine 0x10
    (0x10001000, "CAudioPort"),
    (0x10002000, "CAudioBufferKeeper"),
    (0x10003000, "CAudioSound"),
    (0x10004000, "CAudioMusic"),
    (0x10005000, "CAudioSoundEngine"),
    (0x10006000, "CAudioSoundSurface"),
    (0x10007000, "CAudioSoundMulti"),
    (0x10008000, "CAudioPortNull"),
    (0x10020000, "COalAudioPort"),
    (0x10021000, "COalAudioBufferKeeper"),
    (0x10022000, "COalDevice"),
    // Engine 0x11
    (0x11000000, "CScriptSetting"),
    (0x11001000, "CScriptTraitsPersistent"),
    (0x11002000, "CScriptTraitsMetadata"),
    (0x11003000, "CScriptInterfacableValue"),
    // Engine 0x12
    (0x12001000, "CNetNod"),
    (0x12002000, "CNetServerInfo"),
    (0x12003000, "CNetClientInfo"),
    (0x12004000, "CNetFormTimed"),
    (0x12007000, "CNetFormQuerrySessions"),
    (0x12008000, "CNetFormEnumSessions"),
    (0x12009000, "CNetFormPing"),
    (0x1200C000, "CNetServer"),
    (0x1200D000, "CNetClient"),
    (0x1200F000, "CNetConnection"),
    (0x12010000, "CNetFormConnectionAdmin"),
    (0x12012000, "CNetHttpClient"),
    (0x12013000, "CNetHttpResult"),
    (0x12014000, "CNetMasterServer"),
    (0x12015000, "CNetMasterHost"),
    (0x12018000, "CNetFileTransfer"),
    (0x12019000, "CNetMasterServerInfo"),
    (0x1201A000, "CNetFileTransferNod"),
    (0x1201B000, "CNetFileTransferForm"),
    (0x1201C000, "CNetFileTransferDownload"),
    (0x1201D000, "CNetFileTransferUpload"),
    (0x1201E000, "CNetSource"),
    (0x12020000, "CNetIPC"),
    (0x12021000, "CNetFormRpcCall"),
    (0x12022000, "CNetUPnP"),
    (0x12028000, "CNetIPSource"),
    (0x12029000, "CNetMasterServerUptoDateCheck"),
    (0x12030000, "CNetURLSource"),
    // Engine 0x13
    (0x13001000, "CInputPort"),
    (0x13002000, "CInputPortDx8"),
    (0x13003000, "CInputPortNull"),
    (0x13006000, "CInputBindingsConfig"),
    (0x13007000, "CInputDevice"),
    (0x13008000, "CInputDeviceMouse"),
    (0x1300A000, "CInputDeviceDx8Mouse"),
    (0x1300B000, "CInputDeviceDx8Keyboard"),
    (0x1300C000, "CInputDeviceDx8Pad"),
    (0x1300D000, "CInputReplay"),
    // Engine 0x14
    (0x14001000, "CXmlNod"),
    (0x14002000, "CXmlAttribute"),
    (0x14003000, "CXmlComment"),
    (0x14004000, "CXmlDeclaration"),
    (0x14005000, "CXmlDocument"),
    (0x14006000, "CXmlElement"),
    (0x14007000, "CXmlText"),
    (0x14008000, "CXmlUnknown"),
    (0x14009000, "CHdrComment"),
    (0x1400A000, "CHdrDeclaration"),
    (0x1400B000, "CHdrDocument"),
    (0x1400C000, "CHdrElement"),
    (0x1400D000, "CHdrText"),
    (0x1400E000, "CHdrUnknown"),
    // Engine 0x21
    (0x21000000, "CVirtualSkipperEngine"),
    (0x21001000, "CVirtualSkipper"),
    (0x21002000, "CVskRegatta"),
    (0x21003000, "CVskPlayer"),
    (0x21004000, "CVskControlPlayer"),
    (0x21005000, "CVskControlACTeamCard"),
    (0x21006000, "CVskMasterServer"),
    (0x21007000, "CVskControlNetworkServerInfoCard"),
    (0x21008000, "CVskReplayRaceState"),
    (0x2102A000, "CVskPlayerInfo"),
    (0x21034000, "CVsk3Config"),
    (0x2104B000, "CVsk3Editor"),
    (0x2104E000, "CVsk3Race"),
    (0x2104F000, "CVsk3EditorBlock"),
    (0x21070000, "CVskCourse"),
    (0x21080000, "CConstructionChallengeVsk"),
    (0x21083000, "CVskTrafficObjectInfo"),
    (0x21084000, "CVskISAF"),
    (0x21085000, "CVskCollection"),
    (0x21086000, "CVskControlPlayerReplay"),
    (0x21087000, "CVsk3UIPlayer"),
    (0x21088000, "CControlVsk3UiRadar"),
    (0x21089000, "CVskPlayerProfile"),
    (0x2108B000, "CConstructionChallengeVskParams"),
    (0x2108C000, "CVskPlayerCameraSet"),
    (0x2108D000, "CVskReplayRecord"),
    (0x2108E000, "CCtnMediaBlockEventVsk"),
    (0x2108F000, "CVskISAFConcurrent"),
    (0x21091000, "CVskAC"),
    (0x21092000, "CVskACModel"),
    (0x21093000, "CVskACTeam"),
    (0x21094000, "CVskRaceBoatInterface"),
    (0x21095000, "CVskControlScores"),
    // Engine 0x24
    (0x24001000, "CTrackMania"),
    (0x24003000, "CConstructionChallenge"),     // TmUnited
    (0x24004000, "CConstructionCollection"),    // TmUnited
    (0x24005000, "CConstructionBlockInfo"),     // TmUnited
    (0x24006000, "CConstructionBlockUnitInfo"), // TmUnited
    (0x24007000, "CConstructionBlock"),         // TmUnited
    (0x24008000, "CConstructionBlockUnit"),     // TmUnited
    (0x24009000, "CControlListConstruction"),   // TmUnited
    (0x2400A000, "CConstructionCollector"),     // TmUnited
    (0x2400B000, "CConstructionChallengeInfo"), // TmUnited
    (0x2400C000, "CConstructionChallengeParameters"), // TmUnited
    (0x2400D000, "CConstructionArticle"),       // TmUnited
    (0x2400E000, "CConstructionChapter"),       // TmUnited
    (0x2400F000, "CConstructionCatalog"),       // TmUnited
    (0x24011000, "CConstructionPylonColumn"),   // TmUnited
    (0x24012000, "CConstructionMasterServer"),  // TmUnited
    (0x24013000, "CTrackManiaEditor"),
    (0x24014000, "CTrackManiaRace"),
    (0x24015000, "CTrackManiaSwitcher"),
    (0x24016000, "CTrackManiaEditorFree"),
    (0x24017000, "CTrackManiaEditorPuzzle"),
    (0x24018000, "CTrackManiaRace1P"),
    (0x2401A000, "CConstructionDecorationAudio"), // TmUnited
    (0x2401B000, "CConstructionGhost"),           // TmUnited
    (0x2401C000, "CConstructionZone"),            // TmUnited
    (0x2401D000, "CConstructionZoneFlat"),        // TmUnited
    (0x2401E000, "CConstructionZoneFrontier"),    // TmUnited
    (0x2401F000, "CConstructionDecoration"),      // TmUnited
    (0x24020000, "CConstructionBlockInfoFlat"),   // TmUnited
    (0x24021000, "CConstructionBlockInfoFrontier"), // TmUnited
    (0x24022000, "CConstructionBlockInfoClassic"), // TmUnited
    (0x24023000, "CConstructionBlockInfoRoad"),   // TmUnited
    (0x24024000, "CConstructionBlockInfoClip"),   // TmUnited
    (0x24025000, "CConstructionBlockInfoSlope"),  // TmUnited
    (0x24026000, "CTrackManiaEditorTerrain"),
    (0x24027000, "CConstructionInterface"),         // TmUnited
    (0x24028000, "CConstructionNetForm"),           // TmUnited
    (0x24029000, "CConstructionBlockInfoPylon"),    // TmUnited
    (0x2402A000, "CConstructionNetworkServerInfo"), // TmUnited
    (0x2402B000, "CConstructionNetwork"),           // TmUnited
    (0x2402C000, "CConstructionZoneTest"),          // TmUnited
    (0x2402D000, "CCtnMediaBlockFx"),               // TmUnited
    (0x2402E000, "CTrackManiaMenus"),
    (0x2402F000, "CTrackManiaNetwork"),
    (0x24030000, "CTrackManiaNetForm"),
    (0x24031000, "CTrackManiaPlayer"),
    (0x24032000, "CTrackManiaControlPlayerInput"),
    (0x24033000, "CConstructionGame"),         // TmUnited
    (0x24034000, "CConstructionPlayerScores"), // TmUnited
    (0x24035000, "CTrackManiaNetworkServerInfo"),
    (0x24036000, "CTrackManiaPlayerInfo"),
    (0x24037000, "CTrackManiaRaceNetRounds"),
    (0x24038000, "CConstructionCampaign"),       // TmUnited
    (0x24039000, "CConstructionChallengeGroup"), // TmUnited
    (0x2403A000, "CConstructionBlockSkin"),      // TmUnited
    (0x2403C000, "CConstructionCollectorList"),  // TmUnited
    (0x2403D000, "CTrackManiaEditorCatalog"),
    (0x2403E000, "CConstructionCollectorVehicle"), // TmUnited
    (0x2403F000, "CConstructionReplayRecord"),     // TmUnited
    (0x24040000, "CConstructionDecorationSize"),   // TmUnited
    (0x24041000, "CTrackManiaMatchSettings"),
    (0x24042000, "CTrackManiaRace2PTurnBased"),
    (0x24044000, "CTrackManiaRaceNet"),
    (0x24045000, "CTrackManiaRaceNetTimeAttack"),
    (0x24046000, "CConstructionObjectInfo"), // TmUnited
    (0x24047000, "CConstructionHighScore"),  // TmUnited
    (0x24048000, "CConstructionEditor"),     // TmUnited
    (0x24049000, "CConstructionScenePocLinkEditor"), // TmUnited
    (0x2404A000, "CConstructionPlayerProfile"), // TmUnited
    (0x2404D000, "CConstructionPlayerInfo"), // TmUnited
    (0x2404E000, "CConstructionPlayer"),     // TmUnited
    (0x2404F000, "CConstructionRace"),       // TmUnited
    (0x24050000, "CConstructionDecorationMood"), // TmUnited
    (0x24051000, "CTrackManiaEditorInterface"),
    (0x24052000, "CConstructionCursor"),      // TmUnited
    (0x24053000, "CConstructionMenus"),       // TmUnited
    (0x24054000, "CConstructionOutlineBox"),  // TmUnited
    (0x24055000, "CTrackManiaRace1PSpecial"), // TmUnited
    (0x24056000, "CTrackManiaRaceNetLaps"),
    (0x24057000, "CTrackManiaEditorIcon"),
    (0x24058000, "CTrackManiaEditorIconPage"),
    (0x24059000, "CCtnPainter"),                    // TmUnited
    (0x2405A000, "CCtnMediaBlockFxColors"),         // TmUnited
    (0x2405D000, "CConstructionEditorReplay"),      // TmUnited
    (0x2405E000, "CCtnMediaClipPlayer"),            // TmUnited
    (0x2405F000, "CCtnMediaBlockFxBlurDepth"),      // TmUnited
    (0x24061000, "CCtnMediaTrack"),                 // TmUnited
    (0x24062000, "CCtnMediaTrackGhost"),            // TmUnited
    (0x24063000, "CCtnMediaBlockEvent"),            // TmUnited
    (0x24064000, "CConstructionBlockInfoRectAsym"), // TmUnited
    (0x24065000, "CCtnMediaBlockFxBlur"),           // TmUnited
    (0x24066000, "CCtnMediaBlockTime"),             // TmUnited
    (0x24067000, "CCtnMediaBlockCameraCustom"),     // TmUnited
    (0x24068000, "CCtnMediaBlockText"),             // TmUnited
    (0x24069000, "CCtnMediaBlockCamera"),           // TmUnited
    (0x2406A000, "CCtnMediaBlock"),                 // TmUnited
    (0x2406B000, "CCtnMediaBlockFxBlurMotion"),     // TmUnited
    (0x2406C000, "CCtnPopUp"),                      // TmUnited
    (0x2406D000, "CCtnMediaBlockCameraGame"),       // TmUnited
    (0x2406E000, "CTrackManiaControlCheckPointList"),
    (0x2406F000, "CCtnMediaBlockSound"),           // TmUnited
    (0x24070000, "CCtnMediaBlockCameraOrbital"),   // TmUnited
    (0x24071000, "CCtnPlayerCameraSet"),           // TmUnited
    (0x24072000, "CConstructionReplayRecordInfo"), // TmUnited
    (0x24075000, "CCtnMediaBlockTrails"),          // TmUnited
    (0x24076000, "CCtnMediaClip"),                 // TmUnited
    (0x24077000, "CCtnMediaClipGroup"),            // TmUnited
    (0x24078000, "CTrackManiaRace1PGhosts"),
    (0x24079000, "CTrackManiaRace1PCrazy"),   // TmUnited
    (0x2407A000, "CCtnMediaBlockCameraPath"), // TmUnited
    (0x2407B000, "CCtnEdControlCam"),         // TmUnited
    (0x2407C000, "CCtnEdControlCamCustom"),   // TmUnited
    (0x2407D000, "CCtnEdControlCamPath"),     // TmUnited
    (0x2407E000, "CTrackManiaReplayRecord_deprecated"), // Maniaplanet
    (0x2407F000, "CCtnMediaBlockEventTrackMania"),
    (0x24080000, "CTrackManiaPlayerCameraSet"),
    (0x24081000, "CCtnMediaBlockImage"),          // TmUnited
    (0x24082000, "CCtnMediaBlockTransition"),     // TmUnited
    (0x24083000, "CCtnMediaBlockTransitionFade"), // TmUnited
    (0x24084000, "CCtnMediaBlockCameraEffect"),   // TmUnited
    (0x24085000, "CGameControlCameraTrackManiaRace"),
    (0x24086000, "CGameControlCameraTrackManiaRace2"),
    (0x24087000, "CGameControlCameraTrackManiaRace3"),
    (0x24088000, "CCtnMediaBlockCameraEffectShake"), // TmUnited
    (0x24089000, "CCtnMediaBlockMusicEffect"),       // TmUnited
    (0x2408A000, "CCtnMediaClipViewer"),             // TmUnited
    (0x2408B000, "CCtnMediaBlockCameraSimple"),      // TmUnited
    (0x2408C000, "CTrackManiaControlPlayerInfoCard"),
    (0x2408D000, "CControlTrackManiaBigScores"), // TmUnited
    (0x2408F000, "CTrackManiaControlCard"),
    (0x24090000, "CControlTrackManiaTeamCard"),
    (0x24091000, "CCtnMediaBlockUi"), // TmUnited
    (0x24092000, "CCtnMediaBlockUiTMSimpleEvtsDisplay"),
    (0x24094000, "CCtnMediaBlockUiSimpleEvtsDisplay"), // TmUnited
    (0x24095000, "CConstructionReplayRaceState"),      // TmUnited
    (0x24096000, "CTrackManiaReplayRaceState"),        // TmUnited
    (0x24097000, "CControlGridCampaign"),              // TmUnited
    (0x24098000, "CControlGridChallengeGroup"),        // TmUnited
    (0x24099000, "CConstructionControlCard"),          // TmUnited
    (0x2409A000, "CCtnControlChallengeInfoCard"),      // TmUnited
    (0x2409B000, "CCtnPainterSetting"),                // TmUnited
    (0x2409C000, "CTrackManiaMatchSettingsControlGrid"),
    (0x2409D000, "CControlListCtnChallenges"), // TmUnited
    (0x2409E000, "CControlListCtnServers"),    // TmUnited
    (0x2409F000, "CTrackManiaRaceScore"),
    (0x240A0000, "CConstructionLeague"),              // TmUnited
    (0x240A1000, "CCtnControlLeagueCard"),            // TmUnited
    (0x240A2000, "CConstructionControlCardManager"),  // TmUnited
    (0x240A3000, "CConstructionControlDataType"),     // TmUnited
    (0x240A4000, "CConstructionControlGrid"),         // TmUnited
    (0x240A5000, "CCtnControlGridCard"),              // TmUnited
    (0x240A6000, "CCtnControlNetworkServerInfoCard"), // TmUnited
    (0x240A7000, "CCtnControlGridCardNetwork"),       // TmUnited
    (0x240A8000, "CCtnControlGenericCard"),           // TmUnited
    (0x240A9000, "CCtnControlNetOnlineEventCard"),    // TmUnited
    (0x240AA000, "CConstructionNetOnlineEvent"),      // TmUnited
    (0x240AB000, "CConstructionDecorationTerrainModifier"), // TmUnited
    (0x240AC000, "CCtnControlLadderRankingInfoCard"), // TmUnited
    (0x240AD000, "CConstructionNetLadderLeagueRanking"), // TmUnited
    (0x240AE000, "CConstructionNetLadderPlayerRanking"), // TmUnited
    (0x240AF000, "CConstructionCalendar"),            // TmUnited
    (0x240B0000, "CConstructionCalendarEvent"),       // TmUnited
    (0x240B1000, "CConstructionChampionship"),        // TmUnited
    (0x240B2000, "CCtnControlChampionshipCard"),      // TmUnited
    (0x240B3000, "CCtnControlCalendarEventCard"),     // TmUnited
    (0x240B4000, "CConstructionTournament"),          // TmUnited
    (0x240B5000, "CTrackManiaPlayerProfile"),
    (0x240B6000, "CCtnControlNetOnlineNewsCard"), // TmUnited
    (0x240B7000, "CCtnControlNetTeamInfoCard"),   // TmUnited
    (0x240B8000, "CConstructionNetLadderTeamRanking"), // TmUnited
    (0x240B9000, "CCtnSafeFrame"),                // TmUnited
    (0x240BA000, "CCtnSafeFrameConfig"),          // TmUnited
    (0x240BB000, "CCtnControlCalendarCard"),      // TmUnited
    (0x240BC000, "CCtnControlChapterCard"),       // TmUnited
    (0x240BD000, "CCtnParticleParam"),            // TmUnited
    (0x240BE000, "CTrackManiaControlRaceScoreCard"),
    (0x240BF000, "CTrackManiaControlScores"),
    (0x240C0000, "CConstructionManiaNetResource"), // TmUnited
    (0x240C1000, "CCtnControlVehicleCard"),        // TmUnited
    (0x240C2000, "CCtnControlCampaignCard"),       // TmUnited
    (0x240C3000, "CCtnControlReplayRecordInfoCard"), // TmUnited
    (0x240C4000, "CTrackManiaControlMatchSettingsCard"),
    (0x240C5000, "CCtnControlArticleCard"), // TmUnited
    (0x240C6000, "CTrackManiaRaceInterface"),
    (0x240C7000, "CConstructionRaceInterface"), // TmUnited
    (0x240C8000, "CCtnControlGhostCard"),       // TmUnited
    (0x240C9000, "CConstructionNetLadderSkillRanking"), // TmUnited
    (0x240CA000, "CConstructionNetLadderAchievementRanking"), // TmUnited
    (0x240CB000, "CCtnControlMessageCard"),     // TmUnited
    (0x240CC000, "CConstructionGhostInfo"),     // TmUnited
    (0x240CD000, "CCtnControlGhostInfoCard"),   // TmUnited
    (0x240D0000, "CTrackManiaRaceAnalyzer"),
    (0x240D1000, "CTrackManiaEnvironmentManager"),
    (0x240D2000, "CGameControlCameraFollowAboveWater"),
    (0x240D3000, "CTrackManiaEditorSimple"),
    (0x240D4000, "CTrackManiaControlScores2"),
    // Engine 0x2D
    (0x2D001000, "SSmPlayerVis"),
    // Engine 0x2E
    (0x2E000000, "CGameDataEngine"),
    (0x2E001000, "CGameCtnCollector"),
    (0x2E002000, "CGameItemModel"),
    (0x2E003000, "CGameAttributes"),
    (0x2E004000, "CGameAttribute"),
    (0x2E005000, "CGameAttributesStartPoint"),
    (0x2E006000, "CGameObjectPhyModel"),
    (0x2E007000, "CGameObjectVisModel"),
    (0x2E008000, "CGameCtnPlaygroundActionModel"),
    (0x2E009000, "CGameWaypointSpecialProperty"),
    (0x2E00A000, "CGameActionFxResources"),
    (0x2E00B000, "CGameGateModel"),
    (0x2E00C000, "CGameTeleporterModel"),
    (0x2E00D000, "CGameArmorModel"),
    (0x2E00E000, "CGameSpawnModel"),
    (0x2E00F000, "CGameCaptureZoneModel"),
    (0x2E010000, "CGameTurbineModel"),
    (0x2E011000, "CGameGhostData"),
    (0x2E012000, "CGameModulePlaygroundModel"),
    (0x2E013000, "CGameModuleNodForPropertyList"),
    (0x2E014000, "CGameModuleMenuModel"),
    (0x2E015000, "CGameModuleModelCommon"),
    (0x2E016000, "CGameModulePlaygroundInventoryModel"),
    (0x2E017000, "CGameModulePlaygroundScoresTableModel"),
    (0x2E018000, "CGameModulePlaygroundStoreModel"),
    (0x2E019000, "CGameModulePlaygroundHudModel"),
    (0x2E01A000, "CGameModuleMenuPageModel"),
    (0x2E01B000, "CGameEditorModel"),
    (0x2E01C000, "CGameVehicleModel"),
    (0x2E01D000, "CGameObjectModel"), // Trackmania2020
    (0x2E01E000, "CGameModulePlaygroundChronoModel"), // Trackmania2020
    (0x2E01F000, "CGameModulePlaygroundSpeedMeterModel"), // Trackmania2020
    (0x2E020000, "CGameItemPlacementParam"),
    (0x2E021000, "CGameModulePlaygroundPlayerStateModel"), // Trackmania2020
    (0x2E022000, "CGameModulePlaygroundTeamStateModel"),   // Trackmania2020
    (0x2E023000, "CGameModulePlaygroundPlayerStateGaugeModel"), // Trackmania2020
    (0x2E024000, "CGamePixelArtModel"),
    (0x2E025000, "CGameBlockItem"),
    (0x2E026000, "CGameCommonItemEntityModelEdition"),
    (0x2E027000, "CGameCommonItemEntityModel"),
    (0x2E028000, "CGameCustomBlockModel"),
    (0x2E029000, "CGameManiaAppTextSet"), // Trackmania2020
    (0x2E02A000, "CGameObjectPhyCompoundModel"), // Trackmania2020
    (0x2E02B000, "CGameModulePlaygroundHudModelModule"), // Trackmania2020
    (0x2E02C000, "CGameModulePlaygroundPlayerStateListModel"), // Trackmania2020
    (0x2E033000, "CGameModuleEditorModel"), // Trackmania2020
    (0x2E034000, "CGameModuleEditorGraphEditionModel"), // Trackmania2020
    // Engine 0x2F
    (0x2F002000, "NPlugPrefab_SLodGroup"), // Trackmania2020
    (0x2F004000, "CPlugAnimTimingFixedPeriod"), // Trackmania2020
    (0x2F005000, "NPlugAnim_SChannelGroupImport"), // Trackmania2020
    (0x2F008000, "NPlugAdn_STagFromName"), // Trackmania2020
    (0x2F00B000, "NPlugAdn_STagFid"),      // Trackmania2020
    (0x2F00C000, "CPlugAnimClipFlags"),    // Trackmania2020
    (0x2F00D000, "CPlugAnimFileXml"),      // Trackmania2020
    (0x2F00F000, "CPlugAdnPartInstance"),  // Trackmania2020
    (0x2F010000, "CPlugAdnShader_Part"),   // Trackmania2020
    (0x2F018000, "CPlugAdnShader_Skin"),   // Trackmania2020
    (0x2F019000, "CPlugAnimGraphState"),   // Trackmania2020
    (0x2F01A000, "CPlugAnimGraphTransition"), // Trackmania2020
    (0x2F01B000, "CPlugAnimNode"),         // Trackmania2020
    (0x2F01C000, "NSceneFlock_SBirdPhysicsParams"), // Trackmania2020
    (0x2F021000, "CPlugAnimNodeAim"),      // Trackmania2020
    (0x2F023000, "SPlugSkelSocket"),       // Trackmania2020
    (0x2F024000, "NHmsMgrParticle_SMgr"),  // Trackmania2020
    (0x2F025000, "NPlugAnim_SImportParams"), // Trackmania2020
    (0x2F026000, "NPlugAnim_SClipImport"), // Trackmania2020
    (0x2F028000, "GmSurf"),                // Trackmania2020
    (0x2F029000, "GmSurfPrimitive"),       // Trackmania2020
    (0x2F02A000, "GmSurfSphere"),          // Trackmania2020
    (0x2F02B000, "GmSurfSphereLocated"),   // Trackmania2020
    (0x2F02C000, "GmSurfEllipsoid"),       // Trackmania2020
    (0x2F02D000, "SGmSurfMultiSphereElem"), // Trackmania2020
    (0x2F02E000, "GmSurfMultiSphere"),     // Trackmania2020
    (0x2F02F000, "GmSurfVCylinder"),       // Trackmania2020
    (0x2F030000, "GmSurfCylinder"),        // Trackmania2020
    (0x2F031000, "GmSurfBox"),             // Trackmania2020
    (0x2F032000, "SGmConvexFace"),         // Trackmania2020
    (0x2F033000, "SGmConvexEdge"),         // Trackmania2020
    (0x2F034000, "IGmConvexPoly"),         // Trackmania2020
    (0x2F035000, "GmSurfConvexPolyhedron"), // Trackmania2020
    (0x2F036000, "GmSurfCapsule"),         // Trackmania2020
    (0x2F037000, "GmSurfPlane"),           // Trackmania2020
    (0x2F038000, "GmSurfMeshTri"),         // Trackmania2020
    (0x2F039000, "GmSurfMesh"),            // Trackmania2020
    (0x2F03A000, "GmSurfCompound"),        // Trackmania2020
    (0x2F03B000, "GmSurfCompoundInstance"), // Trackmania2020
    (0x2F03D000, "GmSurfCircle"),          // Trackmania2020
    (0x2F03F000, "SPlugAnimGraphStateSelectCond"), // Trackmania2020
    (0x2F040000, "CPlugAnimTransition"),   // Trackmania2020
    (0x2F041000, "CPlugAnimRootYaw"),      // Trackmania2020
    (0x2F042000, "CPlugAnimNodeJump"),     // Trackmania2020
    (0x2F043000, "CPlugAnimNodeSequence"), // Trackmania2020
    (0x2F044000, "CPlugAnimNodeProceduralAttractor"), // Trackmania2020
    (0x2F045000, "SPlugAnimNodeLocoNode"), // Trackmania2020
    (0x2F046000, "SPlugAnimNodeProceduralAttractorParams"), // Trackmania2020
    (0x2F047000, "CPlugAnimNodeClip"),     // Trackmania2020
    (0x2F048000, "CPlugAnimNodeLocoGroup"), // Trackmania2020
    (0x2F04A000, "NPlugImageArray_SElem"), // Trackmania2020
    (0x2F04B000, "NPlugAnim_SPoseGridImport"), // Trackmania2020
    (0x2F04F000, "GmSurfSphericalShell"),  // Trackmania2020
    (0x2F058000, "CGameMenuScene"),        // Trackmania2020
    (0x2F059000, "SSceneWagonState"),      // Trackmania2020
    (0x2F05A000, "CPlugAnimGraphNode_JointInertia"), // Trackmania2020
    (0x2F05D000, "MwClassId"),             // Trackmania2020
    (0x2F05E000, "SConstructionVis"),
    (0x2F05F000, "SPropVis"),
    (0x2F061000, "CPlugAnimGraphNode_AirTrajectoryPrediction"), // Trackmania2020
    (0x2F062000, "SSceneDestructibleVisGroupState"),
    (0x2F065000, "SSceneRopeVisEnt"),
    (0x2F066000, "SSceneGateSpecial"),           // Trackmania2020
    (0x2F069000, "NPlugAnim_SSkelImport"),       // Trackmania2020
    (0x2F06B000, "CPlugAnimNodeBlend2d"),        // Trackmania2020
    (0x2F06C000, "CPlugVegetMaterialVariation"), // Trackmania2020
    (0x2F06D000, "CPlugVegetSubSurfaceParams"),  // Trackmania2020
    (0x2F06E000, "SSceneDestructibleVisState"),
    (0x2F074000, "NPlugDyna_SConstraintModel"), // Trackmania2020
    (0x2F075000, "NPlugDyna_SForceFieldModel"), // Trackmania2020
    (0x2F077000, "NPlugPrefab_SEntRef"),        // Trackmania2020
    (0x2F078000, "SPlugVehicleVisStyle"),       // Trackmania2020
    (0x2F079000, "NHmsMgrInstDyna_SMgr"),       // Trackmania2020
    (0x2F081000, "CGameManialinkNavigationScriptHandler"), // Trackmania2020
    (0x2F083000, "CScriptEvent"),               // Trackmania2020
    (0x2F084000, "CEventMenuNavigation"),       // Trackmania2020
    (0x2F085000, "CEventMenuNavigationOnAction"), // Trackmania2020
    (0x2F086000, "CPlugVegetTreeModel"),        // Trackmania2020
    (0x2F087000, "NPlugFxAnimFromTexture1dArray_SElem"), // Trackmania2020
    (0x2F08A000, "CPlugGrassMatterArray"),      // Trackmania2020
    (0x2F08D000, "NPlugPainterLayer_SList"),    // Trackmania2020
    (0x2F08E000, "CPlugGraphNode"),             // Trackmania2020
    (0x2F08F000, "CPlugAnimGraphNode_JointRotateFrom"), // Trackmania2020
    (0x2F090000, "CPlugAnimGraphNode_JointRotate"), // Trackmania2020
    (0x2F091000, "CPlugAnimGraphNode_JointAlignTo"), // Trackmania2020
    (0x2F092000, "CPlugAnimGraphNode_JointTranslate"), // Trackmania2020
    (0x2F093000, "CPlugAnimGraphNode_JointIK2"), // Trackmania2020
    (0x2F094000, "CPlugAnimGraphNode_JointKeepRefGlobalRot"), // Trackmania2020
    (
        0x2F095000,
        "CPlugAnimGraphNode_JointTranslateDistConstraint",
    ), // Trackmania2020
    (0x2F096000, "CPlugAnimGraphNode_LocalToGlobal"), // Trackmania2020
    (0x2F097000, "CPlugAnimGraphNode_Blend"),   // Trackmania2020
    (0x2F098000, "CPlugAnimGraphNode_ClipPlay"), // Trackmania2020
    (0x2F099000, "CPlugAnimGraphNode_Blend2d"), // Trackmania2020
    (0x2F09B000, "CPlugAnimGraphNode_Graph"),   // Trackmania2020
    (0x2F09C000, "CPlugAnimGraphNode_StateMachine"), // Trackmania2020
    (0x2F09D000, "CPlugAnimGraphNode_LodSwitch"), // Trackmania2020
    (0x2F09E000, "CPlugAnimGraphNode_Group"),   // Trackmania2020
    (0x2F09F000, "CPlugAnimGraphNode_RefLocalPose"), // Trackmania2020
    (0x2F0A0000, "CPlugAnimGraphNode_GraphOutput"), // Trackmania2020
    (0x2F0A2000, "CPlugVFXNode"),               // Trackmania2020
    (0x2F0A3000, "CPlugVFXNode_Emit"),          // Trackmania2020
    (0x2F0A4000, "CPlugVFXNode_EmitterModel"),  // Trackmania2020
    (0x2F0A5000, "CPlugVFXNode_Graph"),         // Trackmania2020
    (0x2F0A6000, "CPlugVFXNode_SubEmitterModel"), // Trackmania2020
    (0x2F0A7000, "CPlugAnimGraphNode_ExtractMotion"), // Trackmania2020
    (0x2F0A8000, "CPlugAnimGraphNode_RefGlobalPose"), // Trackmania2020
    (0x2F0A9000, "NPlugItemPlacement_SPlacement"), // Trackmania2020
    (0x2F0AA000, "CPlugAnimGraphNode_SetVar"),  // Trackmania2020
    (0x2F0AB000, "CPlugAnimGraphNode_ClipGroupPlay"), // Trackmania2020
    (0x2F0AC000, "CPlugVFXNode_VortexEmitterModel"), // Trackmania2020
    (0x2F0AD000, "CPlugVFXNode_EmissionGroup"), // Trackmania2020
    (0x2F0AE000, "CPlugAnimGraphNode_SetSkel"), // Trackmania2020
    (0x2F0B1000, "CPlugAnimGraphNode_LayeredBlend"), // Trackmania2020
    (0x2F0B2000, "CPlugAnimGraphNode_GlobalToLocal"), // Trackmania2020
    (0x2F0B3000, "CPlugAnimGraphNode_PoseGrid"), // Trackmania2020
    (0x2F0B4000, "CPlugAnimGraphNode_GraphInput"), // Trackmania2020
    (0x2F0B5000, "NPlugAnim_SSceneClip"),       // Trackmania2020
    (0x2F0B6000, "NPlugDynaObjectModel_SInstanceParams"), // Trackmania2020
    (0x2F0B7000, "NSceneLight_SLight"),         // Trackmania2020
    (0x2F0B8000, "NPlugItemPlacement_SGroups"), // Trackmania2020
    (0x2F0B9000, "CPlugAnimGraphNode_JointLock"), // Trackmania2020
    (0x2F0BB000, "NSceneDestructibleVis_SMgr"), // Trackmania2020
    (0x2F0BC000, "NPlugItem_SVariantList"),     // Trackmania2020
    (0x2F0BE000, "CPlugGraphNode_Graph"),       // Trackmania2020
    (0x2F0BF000, "CPlugGraphNode_StateMachine"), // Trackmania2020
    (0x2F0C0000, "CPlugGraphNode_Group"),       // Trackmania2020
    (0x2F0C1000, "CPlugFxSystemNode"),          // Trackmania2020
    (0x2F0C2000, "CPlugFxSystemNode_Parallel"), // Trackmania2020
    (0x2F0C3000, "CPlugFxSystemNode_Condition"), // Trackmania2020
    (0x2F0C4000, "CPlugFxSystemNode_ParticleEmitter"), // Trackmania2020
    (0x2F0C5000, "CPlugFxSystemNode_SubFxSystem"), // Trackmania2020
    (0x2F0C6000, "CPlugFxSystemNode_UpdateVar"), // Trackmania2020
    (0x2F0C7000, "CPlugFxSystemNode_SoundEmitter"), // Trackmania2020
    (0x2F0C8000, "NPlugDyna_SPrefabConstraintParams"), // Trackmania2020
    (0x2F0CA000, "NPlugDyna_SKinematicConstraint"), // Trackmania2020
    (0x2F0CB000, "NSceneDynaVis_SMgr"),
    (0x2F0CC000, "CPlugAnimGraphNode_DebugHelper"), // Trackmania2020
    (0x2F0CD000, "CPlugAnimGraphNode_AssertVar"),   // Trackmania2020
    (0x2F0CE000, "CPlugAnimGraphNode_Funnel"),      // Trackmania2020
    (0x2F0D0000, "CPlugAnimGraphNode_ExtractUnit"), // Trackmania2020
    (0x2F0D1000, "SGameCtnBlockInfoVariant_UsedData"), // Trackmania2020
    (0x2F0D4000, "CPlugAnimGraphNode_SetJointExpr"), // Trackmania2020
    (0x2F0D5000, "CPlugAnimGraphNode_JointTransConstraint"), // Trackmania2020
    (0x2F0D6000, "CPlugAnimGraphNode_JointRotConstraint"), // Trackmania2020
    (0x2F0D8000, "NPlugItemPlacement_SPlacementGroup"), // Trackmania2020
    (0x2F0D9000, "NPlugStaticObjectModel_SInstanceParams"), // Trackmania2020
    (0x2F0DB000, "CPlugShaderCBufferStatic"),       // Trackmania2020
    (0x2F0DD000, "NGameArenaState_SGameState"),     // Trackmania2020
    (0x2F0E1000, "SPlugVehiclePhyRestStateValues"), // Trackmania2020
    (0x2F0E5000, "CPlugAnimGraphNode_AvatarV3_Global"), // Trackmania2020
    (0x2F0FF000, "CPlugAnimGraphNode_AvatarV3_Locomotion"), // Trackmania2020
    (0x2F100000, "CPlugAnimGraphNode_AvatarV3_Jump"), // Trackmania2020
    (0x2F101000, "CPlugAnimGraphNode_AvatarV3_Swim"), // Trackmania2020
    (0x2F102000, "CPlugAnimGraphNode_AvatarV3_Idle"), // Trackmania2020
    (0x2F103000, "CPlugAnimGraphNode_AvatarV0"),    // Trackmania2020
    (0x2F104000, "CPlugAnimGraphNode_AvatarPoseEditor"), // Trackmania2020
    (0x2F105000, "CPlugAnimGraphNode_AvatarV3_Seated"), // Trackmania2020
    (0x2F106000, "CPlugAnimGraphNode_AvatarV3_Resting"), // Trackmania2020
    (0x2F107000, "SSmWorldSaveFile"),               // Trackmania2020
    (0x2F108000, "CPlugAnimGraphNode_Avatar_Climb"), // Trackmania2020
];

/// Old class id → newer class id, sorted by old id, no id twice.
///
/// Some targets are themselves old ids (`0x21080000` → `0x24003000` →
/// `0x03043000`); [`remap_class_id`] follows such chains to the end.
pub const CLASS_REMAP: &[(u32, u32)] = &[
    (0x03004000, 0x2E008000), // Wrap.txt only
    (0x03015000, 0x090CD000), // Wrap.txt only
    (0x0301A000, 0x2E001000),
    (0x0301C000, 0x2E002000),
    (0x03031000, 0x090F4000),
    (0x0303C000, 0x0915D000), // Wrap.txt only
    (0x03074000, 0x2E005000), // Wrap.txt only
    (0x0307B000, 0x03078000), // Wrap.txt only
    (0x030FD000, 0x2E004000), // Wrap.txt only
    (0x030FE000, 0x2E003000), // Wrap.txt only
    (0x0313B000, 0x2E009000),
    (0x0313C000, 0x11001000), // Wrap.txt only
    (0x03168000, 0x09189000), // Wrap.txt; ClassIDMappings.txt: 0x2E035000
    (0x05034000, 0x0917E000), // Wrap.txt only
    (0x05035000, 0x0917F000), // Wrap.txt only
    (0x05036000, 0x09184000), // Wrap.txt only
    (0x0503A000, 0x09180000), // Wrap.txt only
    (0x05045000, 0x09181000), // Wrap.txt only
    (0x05046000, 0x09182000), // Wrap.txt only
    (0x05047000, 0x09183000), // Wrap.txt only
    (0x06005000, 0x06004000), // Wrap.txt only
    (0x0702B000, 0x09093000), // Wrap.txt only
    (0x0800D000, 0x090B4000), // Wrap.txt only
    (0x08010000, 0x090B5000), // Wrap.txt only
    (0x08011000, 0x090B6000), // Wrap.txt only
    (0x08012000, 0x090B7000), // Wrap.txt only
    (0x08050000, 0x090E5000), // Wrap.txt only
    (0x08051000, 0x09126000), // Wrap.txt only
    (0x08053000, 0x090BF000), // Wrap.txt only
    (0x08055000, 0x09125000), // Wrap.txt only
    (0x0805A000, 0x090B2000), // Wrap.txt only
    (0x0805B000, 0x090B3000), // Wrap.txt only
    (0x0900D000, 0x0900F000), // Wrap.txt only
    (0x09012000, 0x09047000), // Wrap.txt only
    (0x09063000, 0x09026000), // Wrap.txt only
    (0x09068000, 0x09026000), // Wrap.txt only
    (0x090E3000, 0x2E006000), // Wrap.txt only
    (0x090E4000, 0x2E007000), // Wrap.txt only
    (0x09120000, 0x2E028000), // Wrap.txt only
    (0x0A010000, 0x090E6000), // Wrap.txt only
    (0x0A015000, 0x090E9000), // Wrap.txt only
    (0x0A016000, 0x090C7000), // Wrap.txt only
    (0x0A01F000, 0x090EF000), // Wrap.txt only
    (0x0A024000, 0x090CA000), // Wrap.txt only
    (0x0A029000, 0x090ED000),
    (0x0A02D000, 0x090EA000), // Wrap.txt only
    (0x0A02E000, 0x090EB000),
    (0x0A030000, 0x090EC000),
    (0x0A031000, 0x090F1000), // Wrap.txt only
    (0x0A039000, 0x090E8000), // Wrap.txt only
    (0x0A03D000, 0x0C030000), // Wrap.txt only
    (0x0A04D000, 0x090E7000), // Wrap.txt only
    (0x0A06A000, 0x090E5000), // Wrap.txt only
    (0x0A071000, 0x090F2000), // Wrap.txt only
    (0x0A078000, 0x0C031000), // Wrap.txt only
    (0x0A07C000, 0x090C9000), // Wrap.txt only
    (0x0A07F000, 0x0C032000), // Wrap.txt only
    (0x21080000, 0x24003000), // ClassIDMappings.txt only
    (0x21089000, 0x2404A000), // ClassIDMappings.txt only
    (0x2108D000, 0x2403F000), // ClassIDMappings.txt only
    (0x24003000, 0x03043000),
    (0x24004000, 0x03033000),
    (0x24005000, 0x0304E000),
    (0x24006000, 0x03036000),
    (0x24007000, 0x03057000),
    (0x24008000, 0x03058000),
    (0x24009000, 0x030D4000), // ClassIDMappings.txt only
    (0x2400A000, 0x2E001000), // Wrap.txt; ClassIDMappings.txt: 0x0301A000
    (0x2400B000, 0x03044000),
    (0x2400C000, 0x0305B000),
    (0x2400D000, 0x0301F000),
    (0x2400E000, 0x0301D000),
    (0x2400F000, 0x0301E000),
    (0x24011000, 0x0305A000),
    (0x24012000, 0x030D1000),
    (0x24019000, 0x030CE000),
    (0x2401A000, 0x03039000),
    (0x2401B000, 0x03092000),
    (0x2401C000, 0x0305C000),
    (0x2401D000, 0x0305D000),
    (0x2401E000, 0x0305E000),
    (0x2401F000, 0x03038000),
    (0x24020000, 0x0304F000),
    (0x24021000, 0x03050000),
    (0x24022000, 0x03051000),
    (0x24023000, 0x03052000),
    (0x24024000, 0x03053000),
    (0x24025000, 0x03054000),
    (0x24027000, 0x0302D000),
    (0x24028000, 0x030CB000),
    (0x24029000, 0x03055000),
    (0x2402A000, 0x030BB000),
    (0x2402B000, 0x030D2000),
    (0x2402C000, 0x0305F000), // ClassIDMappings.txt only
    (0x2402D000, 0x0307E000),
    (0x24033000, 0x030D3000),
    (0x24034000, 0x0308D000),
    (0x24038000, 0x03090000),
    (0x24039000, 0x0308F000),
    (0x2403A000, 0x03059000),
    (0x2403B000, 0x030CC000),
    (0x2403C000, 0x0301B000),
    (0x2403E000, 0x2E002000), // Wrap.txt; ClassIDMappings.txt: 0x0301C000
    (0x2403F000, 0x03093000),
    (0x24040000, 0x0303B000),
    (0x24046000, 0x03035000), // ClassIDMappings.txt only
    (0x24047000, 0x03047000),
    (0x24048000, 0x030AF000),
    (0x24049000, 0x030E0000),
    (0x2404A000, 0x0308C000),
    (0x2404D000, 0x0308A000),
    (0x2404E000, 0x03002000),
    (0x2404F000, 0x03073000),
    (0x24050000, 0x0303A000),
    (0x24052000, 0x030AE000),
    (0x24053000, 0x030C9000),
    (0x24054000, 0x03045000),
    (0x24059000, 0x030B8000),
    (0x2405A000, 0x03080000),
    (0x2405D000, 0x030B1000),
    (0x2405E000, 0x03086000),
    (0x2405F000, 0x03081000),
    (0x24061000, 0x03078000),
    (0x24062000, 0x03078000),
    (0x24063000, 0x03087000),
    (0x24064000, 0x03056000),
    (0x24065000, 0x0307F000),
    (0x24066000, 0x03085000),
    (0x24067000, 0x030A2000),
    (0x24068000, 0x030A8000),
    (0x24069000, 0x0307C000),
    (0x2406A000, 0x03077000),
    (0x2406B000, 0x03082000),
    (0x2406C000, 0x030B2000),
    (0x2406D000, 0x03084000),
    (0x2406F000, 0x030A7000),
    (0x24070000, 0x030A0000),
    (0x24071000, 0x0308B000), // ClassIDMappings.txt only
    (0x24072000, 0x03094000),
    (0x24073000, 0x030CD000), // ClassIDMappings.txt only
    (0x24075000, 0x030A9000),
    (0x24076000, 0x03079000),
    (0x24077000, 0x0307A000),
    (0x2407A000, 0x030A1000),
    (0x2407B000, 0x030B3000),
    (0x2407C000, 0x030B4000),
    (0x2407D000, 0x030B5000),
    (0x2407E000, 0x03093000), // ClassIDMappings.txt only
    (0x24081000, 0x030A5000),
    (0x24082000, 0x030AA000),
    (0x24083000, 0x030AB000),
    (0x24084000, 0x030A3000),
    (0x24088000, 0x030A4000),
    (0x24089000, 0x030A6000),
    (0x2408A000, 0x030AD000),
    (0x2408B000, 0x0309F000),
    (0x24091000, 0x0307D000),
    (0x24094000, 0x030AC000),
    (0x24095000, 0x03095000),
    (0x24097000, 0x030DE000),
    (0x24098000, 0x030DF000),
    (0x24099000, 0x0309A000),
    (0x2409A000, 0x030BC000),
    (0x2409B000, 0x03048000),
    (0x240A0000, 0x0308E000),
    (0x240A1000, 0x030BE000),
    (0x240A2000, 0x0309B000),
    (0x240A3000, 0x0309C000),
    (0x240A4000, 0x030B9000),
    (0x240A5000, 0x030BA000),
    (0x240A6000, 0x030BF000),
    (0x240A8000, 0x030BD000),
    (0x240A9000, 0x030DB000),
    (0x240AB000, 0x0303C000),
    (0x240AC000, 0x030C1000),
    (0x240AD000, 0x03096000),
    (0x240AE000, 0x03097000),
    (0x240AF000, 0x030C3000), // ClassIDMappings.txt only
    (0x240B0000, 0x030C4000), // ClassIDMappings.txt only
    (0x240B1000, 0x030D0000), // ClassIDMappings.txt only
    (0x240B2000, 0x030D7000),
    (0x240B3000, 0x030C6000), // ClassIDMappings.txt only
    (0x240B4000, 0x030CF000), // ClassIDMappings.txt only
    (0x240B5000, 0x0308C000),
    (0x240B6000, 0x030C0000), // ClassIDMappings.txt only
    (0x240B7000, 0x030DC000), // ClassIDMappings.txt only
    (0x240B8000, 0x03098000),
    (0x240B9000, 0x030B6000),
    (0x240BA000, 0x030B7000),
    (0x240BB000, 0x030C5000), // ClassIDMappings.txt only
    (0x240BC000, 0x030D8000),
    (0x240BD000, 0x03046000),
    (0x240C0000, 0x03089000),
    (0x240C1000, 0x030DD000),
    (0x240C2000, 0x030D6000),
    (0x240C3000, 0x030C8000),
    (0x240C5000, 0x030D5000),
    (0x240C7000, 0x03088000),
    (0x240C8000, 0x030D9000),
    (0x240C9000, 0x03099000),
    (0x240CA000, 0x030CA000),
    (0x240CB000, 0x030C2000),
    (0x240CC000, 0x03091000),
    (0x240CD000, 0x030DA000),
    (0x240CE000, 0x030C7000),
    (0x240CF000, 0x03083000),
    (0x240D4000, 0x030F3000), // Wrap.txt only
    (0x2E00E000, 0x0917A000), // Wrap.txt only
    (0x2E035000, 0x09189000), // Wrap.txt only
];

/// The next id for `class_id` in [`CLASS_REMAP`], if it has one.
fn remap_step(class_id: u32) -> Option<u32> {
    CLASS_REMAP
        .binary_search_by_key(&class_id, |&(old, _)| old)
        .ok()
        .map(|i| CLASS_REMAP[i].1)
}

/// Maps an old class id (chunk-index bits 0..12 clear) to the current one,
/// following [`CLASS_REMAP`] repeatedly while the result is itself an old id.
///
/// Ids not in the table are returned unchanged, including ids whose low 12
/// bits are set (use [`remap_chunk_id`] for chunk ids).
#[must_use]
pub fn remap_class_id(id: u32) -> u32 {
    let mut current = id;
    // Each step moves along a chain of distinct table entries, so a chain is at
    // most as long as the table; the bound keeps this total even for a bad table.
    for _ in 0..CLASS_REMAP.len() {
        match remap_step(current) {
            Some(next) => current = next,
            None => break,
        }
    }
    current
}

/// Remaps the class part (`chunk_id & 0xFFFFF000`) of a chunk id with
/// [`remap_class_id`] and keeps its chunk index (low 12 bits).
#[must_use]
pub fn remap_chunk_id(chunk_id: u32) -> u32 {
    remap_class_id(chunk_id & CLASS_ID_MASK) | (chunk_id & !CLASS_ID_MASK)
}

/// The name of `class_id` as given (no remapping, so old ids report their old
/// names), or `None` when the id is not in [`CLASS_NAMES`].
#[must_use]
pub fn class_name(class_id: u32) -> Option<&'static str> {
    CLASS_NAMES
        .binary_search_by_key(&class_id, |&(id, _)| id)
        .ok()
        .map(|i| CLASS_NAMES[i].1)
}

/// "CGameCtnChallenge", or "class 0x…" for ids without a name.
#[must_use]
pub fn class_label(class_id: u32) -> String {
    class_name(class_id).map_or_else(|| format!("class {class_id:#010x}"), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_without_duplicates() {
        for pair in CLASS_NAMES.windows(2) {
            assert!(
                pair[0].0 < pair[1].0,
                "CLASS_NAMES not strictly sorted at {:#010X} / {:#010X}",
                pair[0].0,
                pair[1].0
            );
        }
        for pair in CLASS_REMAP.windows(2) {
            assert!(
                pair[0].0 < pair[1].0,
                "CLASS_REMAP not strictly sorted at {:#010X} / {:#010X}",
                pair[0].0,
                pair[1].0
            );
        }
    }

    #[test]
    fn table_entries_are_well_formed() {
        for &(id, name) in CLASS_NAMES {
            assert_eq!(id & !CLASS_ID_MASK, 0, "{id:#010X} has chunk bits");
            assert!(!name.is_empty(), "{id:#010X} has an empty name");
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{id:#010X} has an odd name {name:?}"
            );
        }
        for &(old, new) in CLASS_REMAP {
            assert_eq!(old & !CLASS_ID_MASK, 0, "{old:#010X} has chunk bits");
            assert_eq!(new & !CLASS_ID_MASK, 0, "{new:#010X} has chunk bits");
            assert_ne!(old, new, "{old:#010X} maps to itself");
        }
    }

    #[test]
    fn remap_chains_end() {
        for &(old, _) in CLASS_REMAP {
            let mut seen = vec![old];
            let mut current = old;
            while let Some(next) = remap_step(current) {
                assert!(!seen.contains(&next), "remap cycle through {old:#010X}");
                seen.push(next);
                current = next;
            }
            assert_eq!(remap_class_id(old), current);
            assert!(remap_step(remap_class_id(old)).is_none());
        }
    }

    #[test]
    fn remap_examples() {
        assert_eq!(remap_class_id(0x2400_3000), 0x0304_3000); // CConstructionChallenge
        assert_eq!(remap_class_id(0x2407_E000), 0x0309_3000); // CTrackManiaReplayRecord
        assert_eq!(remap_class_id(0x2403_F000), 0x0309_3000); // CConstructionReplayRecord
        assert_eq!(remap_class_id(0x2402_2000), 0x0305_1000); // CConstructionBlockInfoClassic
        assert_eq!(remap_class_id(0x2402_3000), 0x0305_2000); // CConstructionBlockInfoRoad
        assert_eq!(remap_class_id(0x2401_B000), 0x0309_2000); // CConstructionGhost
        assert_eq!(remap_class_id(0x2407_6000), 0x0307_9000); // CCtnMediaClip
        assert_eq!(remap_class_id(0x0301_A000), 0x2E00_1000); // CGameCtnCollector
        assert_eq!(remap_class_id(0x0301_C000), 0x2E00_2000); // -> CGameItemModel
        assert_eq!(remap_class_id(0x0313_B000), 0x2E00_9000); // CGameWaypointSpecialProperty
        // Chains: Virtual Skipper ids go through the engine-24 ids.
        assert_eq!(remap_class_id(0x2108_0000), 0x0304_3000);
        assert_eq!(remap_class_id(0x2108_D000), 0x0309_3000);
        assert_eq!(remap_class_id(0x2400_A000), 0x2E00_1000);
        assert_eq!(remap_class_id(0x2403_E000), 0x2E00_2000);
        // Current and unknown ids are unchanged.
        assert_eq!(remap_class_id(0x0304_3000), 0x0304_3000);
        assert_eq!(remap_class_id(0x0309_3000), 0x0309_3000);
        assert_eq!(remap_class_id(0x0910_0000), 0x0910_0000);
        assert_eq!(remap_class_id(0xFFFF_F000), 0xFFFF_F000);
        assert_eq!(remap_class_id(0x2400_3001), 0x2400_3001); // not a class id
    }

    #[test]
    fn remap_chunk_examples() {
        assert_eq!(remap_chunk_id(0x2400_3002), 0x0304_3002);
        assert_eq!(remap_chunk_id(0x2400_3FFF), 0x0304_3FFF);
        assert_eq!(remap_chunk_id(0x2407_E00F), 0x0309_300F);
        assert_eq!(remap_chunk_id(0x2108_0005), 0x0304_3005);
        assert_eq!(remap_chunk_id(0x0304_3007), 0x0304_3007);
        assert_eq!(remap_chunk_id(0xFACA_DE01), 0xFACA_DE01);
    }

    #[test]
    fn names_of_corpus_and_seed_classes() {
        let expected: &[(u32, &str)] = &[
            (0x0100_1000, "CMwNod"),
            (0x0301_A000, "CGameCtnCollector"),
            (0x0301_B000, "CGameCtnCollectorList"),
            (0x0301_C000, "CGameCtnCollectorVehicle"),
            (0x0303_3000, "CGameCtnCollection"),
            (0x0303_5000, "CGameCtnObjectInfo"),
            (0x0303_8000, "CGameCtnDecoration"),
            (0x0303_F000, "CGameGhost"),
            (0x0304_3000, "CGameCtnChallenge"),
            (0x0305_1000, "CGameCtnBlockInfoClassic"),
            (0x0305_2000, "CGameCtnBlockInfoRoad"),
            (0x0305_9000, "CGameCtnBlockSkin"),
            (0x0305_B000, "CGameCtnChallengeParameters"),
            (0x0307_8000, "CGameCtnMediaTrack"),
            (0x0307_9000, "CGameCtnMediaClip"),
            (0x0307_A000, "CGameCtnMediaClipGroup"),
            (0x0309_2000, "CGameCtnGhost"),
            (0x0309_3000, "CGameCtnReplayRecord"),
            (0x0310_1000, "CGameCtnAnchoredObject"),
            (0x0310_D000, "CGameCtnMacroBlockInfo"),
            (0x0313_B000, "CGameWaypointSpecialProperty"),
            (0x0701_0000, "CControlEffectSimi"),
            (0x0900_5000, "CPlugSolid"),
            (0x090B_B000, "CPlugSolid2Model"),
            (0x0911_C000, "CPlugTrainWagonModel"),
            (0x0911_F000, "CPlugEntRecordData"),
            (0x0914_5000, "CPlugPrefab"),
            (0x0B00_5000, "CSystemConfig"),
            (0x2108_0000, "CConstructionChallengeVsk"),
            (0x2400_3000, "CConstructionChallenge"),
            (0x2402_2000, "CConstructionBlockInfoClassic"),
            (0x2402_3000, "CConstructionBlockInfoRoad"),
            (0x2403_F000, "CConstructionReplayRecord"),
            (0x2407_E000, "CTrackManiaReplayRecord_deprecated"),
            (0x2E00_2000, "CGameItemModel"),
            (0x2E00_9000, "CGameWaypointSpecialProperty"),
            (0x2E00_E000, "CGameSpawnModel"),
        ];
        for &(id, name) in expected {
            assert_eq!(class_name(id), Some(name), "name of {id:#010X}");
        }
        assert_eq!(class_name(0x0304_3007), None, "chunk ids are not looked up");
        assert_eq!(class_name(0xFFFF_F000), None);
    }

    #[test]
    fn media_block_classes_are_named() {
        let ids = [
            0x0302_4000,
            0x0302_9000,
            0x0307_7000,
            0x0307_C000,
            0x0307_D000,
            0x0307_E000,
            0x0307_F000,
            0x0308_0000,
            0x0308_1000,
            0x0308_2000,
            0x0308_3000,
            0x0308_4000,
            0x0308_5000,
            0x0308_7000,
            0x0309_F000,
            0x030A_0000,
            0x030A_1000,
            0x030A_2000,
            0x030A_3000,
            0x030A_4000,
            0x030A_5000,
            0x030A_6000,
            0x030A_7000,
            0x030A_8000,
            0x030A_9000,
            0x030A_A000,
            0x030A_B000,
            0x030A_C000,
            0x030E_5000,
            0x030E_B000,
            0x0312_6000,
            0x0312_7000,
            0x0312_8000,
            0x0312_9000,
            0x0312_A000,
            0x0313_3000,
            0x0313_9000,
            0x0314_5000,
            0x0314_A000,
            0x0316_1000,
            0x0316_5000,
            0x0316_6000,
            0x0316_C000,
            0x0316_D000,
            0x0317_2000,
            0x0318_6000,
            0x0318_8000,
            0x0319_5000,
            0x0319_6000,
            0x0319_9000,
            0x031A_A000,
            0x0329_4000,
            0x0329_F000,
            0x0338_B000,
        ];
        for id in ids {
            let name = class_name(id).unwrap_or_else(|| panic!("{id:#010X} unnamed"));
            assert!(
                name.starts_with("CGameCtnMediaBlock"),
                "{id:#010X} is {name}"
            );
        }
    }

    #[test]
    fn remap_targets_are_named() {
        // The public remap points two old TrackMania ids at classes no list
        // used here names; every other chain ends at a named class.
        let unnamed_in_lists = [0x0309_8000, 0x030D_4000];
        for &(old, _) in CLASS_REMAP {
            let target = remap_class_id(old);
            if !unnamed_in_lists.contains(&target) {
                assert!(
                    class_name(target).is_some(),
                    "{old:#010X} -> {target:#010X} unnamed"
                );
            }
        }
        for id in unnamed_in_lists {
            assert!(
                class_name(id).is_none(),
                "{id:#010X} is named now; update this test"
            );
        }
    }

    /// Class ids (with the name the `what` column gives) of every `.Gbx` row of
    /// the corpus's `SOURCES.md`.
    fn sources_md_classes(text: &str) -> Vec<(u32, String)> {
        let mut out = Vec::new();
        for line in text.lines().filter(|l| l.starts_with('|')) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            for (i, cell) in cells.iter().enumerate() {
                let Some(pos) = cell.find("class 0x") else {
                    continue;
                };
                let hex: String = cell[pos + 8..]
                    .chars()
                    .take_while(char::is_ascii_hexdigit)
                    .collect();
                let Ok(id) = u32::from_str_radix(&hex, 16) else {
                    continue;
                };
                let what = cells.get(i + 1).copied().unwrap_or("");
                let name = what
                    .split(|c: char| c == ';' || c.is_whitespace())
                    .next()
                    .unwrap_or("")
                    .to_owned();
                out.push((id, name));
            }
        }
        out
    }

    #[test]
    fn every_corpus_header_class_has_a_name() {
        let Some(dir) = trackbench_testkit::corpus_dir() else {
            eprintln!(
                "\n!!! every_corpus_header_class_has_a_name: CORPUS NOT FOUND \
                 (../shared/corpus or $TRACKBENCH_CORPUS); SOURCES.md check SKIPPED !!!\n"
            );
            return;
        };
        let path = dir.join("SOURCES.md");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!(
                "\n!!! every_corpus_header_class_has_a_name: {} unreadable; check SKIPPED !!!\n",
                path.display()
            );
            return;
        };
        let classes = sources_md_classes(&text);
        assert!(
            !classes.is_empty(),
            "no `class 0x...` header found in {}",
            path.display()
        );
        let mut missing = Vec::new();
        for (id, what) in &classes {
            match class_name(*id) {
                None => missing.push(format!("{id:#010X} ({what})")),
                Some(name) if name != what => {
                    eprintln!("note: SOURCES.md calls {id:#010X} {what:?}, table says {name:?}");
                }
                Some(_) => {}
            }
        }
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "SOURCES.md class ids without a name: {missing:?}"
        );
    }
}
