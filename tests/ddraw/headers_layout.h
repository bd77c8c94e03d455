/*
 * Sizes and offsets of the DirectDraw / Direct3D 7 structures in the Windows
 * ABI: the i686 value and the x86_64 value.  The native build must match the
 * x86_64 column (the same layout as a 64-bit PE program sees).
 *
 * Used by headers_test.c (native, cmocka) and headers_check.c (PE, checked at
 * compile time in both mingw trees).
 */
#define DX7GL_LAYOUT_TABLE \
    X(sizeof(DDCOLORKEY), "DDCOLORKEY", 8, 8) \
    X(sizeof(DDSCAPS), "DDSCAPS", 4, 4) \
    X(sizeof(DDSCAPS2), "DDSCAPS2", 16, 16) \
    X(sizeof(DDPIXELFORMAT), "DDPIXELFORMAT", 32, 32) \
    X(offsetof(DDPIXELFORMAT, dwRGBBitCount), "DDPIXELFORMAT.dwRGBBitCount", 12, 12) \
    X(offsetof(DDPIXELFORMAT, dwRBitMask), "DDPIXELFORMAT.dwRBitMask", 16, 16) \
    X(offsetof(DDPIXELFORMAT, dwRGBAlphaBitMask), "DDPIXELFORMAT.dwRGBAlphaBitMask", 28, 28) \
    X(sizeof(DDSURFACEDESC), "DDSURFACEDESC", 108, 120) \
    X(offsetof(DDSURFACEDESC, lPitch), "DDSURFACEDESC.lPitch", 16, 16) \
    X(offsetof(DDSURFACEDESC, dwBackBufferCount), "DDSURFACEDESC.dwBackBufferCount", 20, 20) \
    X(offsetof(DDSURFACEDESC, dwMipMapCount), "DDSURFACEDESC.dwMipMapCount", 24, 24) \
    X(offsetof(DDSURFACEDESC, dwReserved), "DDSURFACEDESC.dwReserved", 32, 32) \
    X(offsetof(DDSURFACEDESC, lpSurface), "DDSURFACEDESC.lpSurface", 36, 40) \
    X(offsetof(DDSURFACEDESC, ddckCKDestOverlay), "DDSURFACEDESC.ddckCKDestOverlay", 40, 48) \
    X(offsetof(DDSURFACEDESC, ddckCKSrcBlt), "DDSURFACEDESC.ddckCKSrcBlt", 64, 72) \
    X(offsetof(DDSURFACEDESC, ddpfPixelFormat), "DDSURFACEDESC.ddpfPixelFormat", 72, 80) \
    X(offsetof(DDSURFACEDESC, ddsCaps), "DDSURFACEDESC.ddsCaps", 104, 112) \
    X(sizeof(DDSURFACEDESC2), "DDSURFACEDESC2", 124, 136) \
    X(offsetof(DDSURFACEDESC2, lPitch), "DDSURFACEDESC2.lPitch", 16, 16) \
    X(offsetof(DDSURFACEDESC2, dwBackBufferCount), "DDSURFACEDESC2.dwBackBufferCount", 20, 20) \
    X(offsetof(DDSURFACEDESC2, dwMipMapCount), "DDSURFACEDESC2.dwMipMapCount", 24, 24) \
    X(offsetof(DDSURFACEDESC2, lpSurface), "DDSURFACEDESC2.lpSurface", 36, 40) \
    X(offsetof(DDSURFACEDESC2, ddckCKDestOverlay), "DDSURFACEDESC2.ddckCKDestOverlay", 40, 48) \
    X(offsetof(DDSURFACEDESC2, ddckCKSrcBlt), "DDSURFACEDESC2.ddckCKSrcBlt", 64, 72) \
    X(offsetof(DDSURFACEDESC2, ddpfPixelFormat), "DDSURFACEDESC2.ddpfPixelFormat", 72, 80) \
    X(offsetof(DDSURFACEDESC2, ddsCaps), "DDSURFACEDESC2.ddsCaps", 104, 112) \
    X(offsetof(DDSURFACEDESC2, dwTextureStage), "DDSURFACEDESC2.dwTextureStage", 120, 128) \
    X(sizeof(DDCAPS), "DDCAPS", 380, 380) \
    X(offsetof(DDCAPS, dwCaps), "DDCAPS.dwCaps", 4, 4) \
    X(offsetof(DDCAPS, dwZBufferBitDepths), "DDCAPS.dwZBufferBitDepths", 56, 56) \
    X(offsetof(DDCAPS, dwVidMemTotal), "DDCAPS.dwVidMemTotal", 60, 60) \
    X(offsetof(DDCAPS, dwRops), "DDCAPS.dwRops", 100, 100) \
    X(offsetof(DDCAPS, ddsOldCaps), "DDCAPS.ddsOldCaps", 132, 132) \
    X(offsetof(DDCAPS, dwSVBCaps), "DDCAPS.dwSVBCaps", 172, 172) \
    X(offsetof(DDCAPS, dwSSBRops), "DDCAPS.dwSSBRops", 272, 272) \
    X(offsetof(DDCAPS, dwMaxVideoPorts), "DDCAPS.dwMaxVideoPorts", 304, 304) \
    X(offsetof(DDCAPS, dwNLVBRops), "DDCAPS.dwNLVBRops", 332, 332) \
    X(offsetof(DDCAPS, ddsCaps), "DDCAPS.ddsCaps", 364, 364) \
    X(sizeof(DDCAPS_DX5), "DDCAPS_DX5", 364, 364) \
    X(offsetof(DDCAPS_DX5, dwNLVBRops), "DDCAPS_DX5.dwNLVBRops", 332, 332) \
    X(sizeof(DDCAPS_DX3), "DDCAPS_DX3", 316, 316) \
    X(offsetof(DDCAPS_DX3, dwSSBRops), "DDCAPS_DX3.dwSSBRops", 272, 272) \
    X(sizeof(DDBLTFX), "DDBLTFX", 100, 128) \
    X(offsetof(DDBLTFX, dwDDFX), "DDBLTFX.dwDDFX", 4, 4) \
    X(offsetof(DDBLTFX, dwZDestConst), "DDBLTFX.dwZDestConst", 40, 40) \
    X(offsetof(DDBLTFX, dwZSrcConstBitDepth), "DDBLTFX.dwZSrcConstBitDepth", 44, 48) \
    X(offsetof(DDBLTFX, lpDDSZBufferSrc), "DDBLTFX.lpDDSZBufferSrc", 48, 56) \
    X(offsetof(DDBLTFX, dwAlphaDestConst), "DDBLTFX.dwAlphaDestConst", 68, 80) \
    X(offsetof(DDBLTFX, dwAlphaSrcConst), "DDBLTFX.dwAlphaSrcConst", 76, 96) \
    X(offsetof(DDBLTFX, dwFillColor), "DDBLTFX.dwFillColor", 80, 104) \
    X(offsetof(DDBLTFX, ddckDestColorkey), "DDBLTFX.ddckDestColorkey", 84, 112) \
    X(offsetof(DDBLTFX, ddckSrcColorkey), "DDBLTFX.ddckSrcColorkey", 92, 120) \
    X(sizeof(DDBLTBATCH), "DDBLTBATCH", 20, 40) \
    X(offsetof(DDBLTBATCH, lpDDSSrc), "DDBLTBATCH.lpDDSSrc", 4, 8) \
    X(offsetof(DDBLTBATCH, dwFlags), "DDBLTBATCH.dwFlags", 12, 24) \
    X(offsetof(DDBLTBATCH, lpDDBltFx), "DDBLTBATCH.lpDDBltFx", 16, 32) \
    X(sizeof(DDOVERLAYFX), "DDOVERLAYFX", 56, 72) \
    X(offsetof(DDOVERLAYFX, dwAlphaDestConst), "DDOVERLAYFX.dwAlphaDestConst", 20, 24) \
    X(offsetof(DDOVERLAYFX, dwAlphaSrcConst), "DDOVERLAYFX.dwAlphaSrcConst", 28, 40) \
    X(offsetof(DDOVERLAYFX, dckDestColorkey), "DDOVERLAYFX.dckDestColorkey", 32, 48) \
    X(offsetof(DDOVERLAYFX, dwDDFX), "DDOVERLAYFX.dwDDFX", 48, 64) \
    X(offsetof(DDOVERLAYFX, dwFlags), "DDOVERLAYFX.dwFlags", 52, 68) \
    X(sizeof(DDCOLORCONTROL), "DDCOLORCONTROL", 40, 40) \
    X(sizeof(DDGAMMARAMP), "DDGAMMARAMP", 1536, 1536) \
    X(offsetof(DDGAMMARAMP, green), "DDGAMMARAMP.green", 512, 512) \
    X(offsetof(DDGAMMARAMP, blue), "DDGAMMARAMP.blue", 1024, 1024) \
    X(sizeof(DDDEVICEIDENTIFIER), "DDDEVICEIDENTIFIER", 1064, 1064) \
    X(offsetof(DDDEVICEIDENTIFIER, liDriverVersion), "DDDEVICEIDENTIFIER.liDriverVersion", 1024, 1024) \
    X(offsetof(DDDEVICEIDENTIFIER, dwVendorId), "DDDEVICEIDENTIFIER.dwVendorId", 1032, 1032) \
    X(offsetof(DDDEVICEIDENTIFIER, guidDeviceIdentifier), "DDDEVICEIDENTIFIER.guidDeviceIdentifier", 1048, 1048) \
    X(sizeof(DDDEVICEIDENTIFIER2), "DDDEVICEIDENTIFIER2", 1072, 1072) \
    X(offsetof(DDDEVICEIDENTIFIER2, liDriverVersion), "DDDEVICEIDENTIFIER2.liDriverVersion", 1024, 1024) \
    X(offsetof(DDDEVICEIDENTIFIER2, dwVendorId), "DDDEVICEIDENTIFIER2.dwVendorId", 1032, 1032) \
    X(offsetof(DDDEVICEIDENTIFIER2, guidDeviceIdentifier), "DDDEVICEIDENTIFIER2.guidDeviceIdentifier", 1048, 1048) \
    X(offsetof(DDDEVICEIDENTIFIER2, dwWHQLLevel), "DDDEVICEIDENTIFIER2.dwWHQLLevel", 1064, 1064) \
    X(sizeof(D3DVECTOR), "D3DVECTOR", 12, 12) \
    X(sizeof(D3DMATRIX), "D3DMATRIX", 64, 64) \
    X(offsetof(D3DMATRIX, _44), "D3DMATRIX._44", 60, 60) \
    X(sizeof(D3DCOLORVALUE), "D3DCOLORVALUE", 16, 16) \
    X(sizeof(D3DRECT), "D3DRECT", 16, 16) \
    X(sizeof(D3DTLVERTEX), "D3DTLVERTEX", 32, 32) \
    X(offsetof(D3DTLVERTEX, rhw), "D3DTLVERTEX.rhw", 12, 12) \
    X(offsetof(D3DTLVERTEX, color), "D3DTLVERTEX.color", 16, 16) \
    X(offsetof(D3DTLVERTEX, tu), "D3DTLVERTEX.tu", 24, 24) \
    X(sizeof(D3DLVERTEX), "D3DLVERTEX", 32, 32) \
    X(offsetof(D3DLVERTEX, color), "D3DLVERTEX.color", 16, 16) \
    X(offsetof(D3DLVERTEX, tv), "D3DLVERTEX.tv", 28, 28) \
    X(sizeof(D3DVERTEX), "D3DVERTEX", 32, 32) \
    X(offsetof(D3DVERTEX, nx), "D3DVERTEX.nx", 12, 12) \
    X(offsetof(D3DVERTEX, tu), "D3DVERTEX.tu", 24, 24) \
    X(sizeof(D3DVIEWPORT), "D3DVIEWPORT", 44, 44) \
    X(sizeof(D3DVIEWPORT2), "D3DVIEWPORT2", 44, 44) \
    X(sizeof(D3DVIEWPORT7), "D3DVIEWPORT7", 24, 24) \
    X(offsetof(D3DVIEWPORT7, dvMinZ), "D3DVIEWPORT7.dvMinZ", 16, 16) \
    X(sizeof(D3DMATERIAL), "D3DMATERIAL", 80, 80) \
    X(offsetof(D3DMATERIAL, power), "D3DMATERIAL.power", 68, 68) \
    X(offsetof(D3DMATERIAL, hTexture), "D3DMATERIAL.hTexture", 72, 72) \
    X(sizeof(D3DMATERIAL7), "D3DMATERIAL7", 68, 68) \
    X(offsetof(D3DMATERIAL7, power), "D3DMATERIAL7.power", 64, 64) \
    X(sizeof(D3DLIGHT), "D3DLIGHT", 76, 76) \
    X(offsetof(D3DLIGHT, dvRange), "D3DLIGHT.dvRange", 48, 48) \
    X(sizeof(D3DLIGHT2), "D3DLIGHT2", 80, 80) \
    X(offsetof(D3DLIGHT2, dwFlags), "D3DLIGHT2.dwFlags", 76, 76) \
    X(sizeof(D3DLIGHT7), "D3DLIGHT7", 104, 104) \
    X(offsetof(D3DLIGHT7, dcvDiffuse), "D3DLIGHT7.dcvDiffuse", 4, 4) \
    X(offsetof(D3DLIGHT7, dvPosition), "D3DLIGHT7.dvPosition", 52, 52) \
    X(offsetof(D3DLIGHT7, dvRange), "D3DLIGHT7.dvRange", 76, 76) \
    X(offsetof(D3DLIGHT7, dvPhi), "D3DLIGHT7.dvPhi", 100, 100) \
    X(sizeof(D3DCLIPSTATUS), "D3DCLIPSTATUS", 32, 32) \
    X(offsetof(D3DCLIPSTATUS, minx), "D3DCLIPSTATUS.minx", 8, 8) \
    X(offsetof(D3DCLIPSTATUS, maxz), "D3DCLIPSTATUS.maxz", 28, 28) \
    X(sizeof(D3DPRIMCAPS), "D3DPRIMCAPS", 56, 56) \
    X(offsetof(D3DPRIMCAPS, dwStippleHeight), "D3DPRIMCAPS.dwStippleHeight", 52, 52) \
    X(sizeof(D3DDEVICEDESC), "D3DDEVICEDESC", 252, 252) \
    X(offsetof(D3DDEVICEDESC, dtcTransformCaps), "D3DDEVICEDESC.dtcTransformCaps", 16, 16) \
    X(offsetof(D3DDEVICEDESC, bClipping), "D3DDEVICEDESC.bClipping", 24, 24) \
    X(offsetof(D3DDEVICEDESC, dlcLightingCaps), "D3DDEVICEDESC.dlcLightingCaps", 28, 28) \
    X(offsetof(D3DDEVICEDESC, dpcLineCaps), "D3DDEVICEDESC.dpcLineCaps", 44, 44) \
    X(offsetof(D3DDEVICEDESC, dpcTriCaps), "D3DDEVICEDESC.dpcTriCaps", 100, 100) \
    X(offsetof(D3DDEVICEDESC, dwMaxBufferSize), "D3DDEVICEDESC.dwMaxBufferSize", 164, 164) \
    X(offsetof(D3DDEVICEDESC, dvGuardBandLeft), "D3DDEVICEDESC.dvGuardBandLeft", 216, 216) \
    X(offsetof(D3DDEVICEDESC, dwStencilCaps), "D3DDEVICEDESC.dwStencilCaps", 236, 236) \
    X(offsetof(D3DDEVICEDESC, wMaxTextureBlendStages), "D3DDEVICEDESC.wMaxTextureBlendStages", 248, 248) \
    X(offsetof(D3DDEVICEDESC, wMaxSimultaneousTextures), "D3DDEVICEDESC.wMaxSimultaneousTextures", 250, 250) \
    X(sizeof(D3DDEVICEDESC7), "D3DDEVICEDESC7", 236, 236) \
    X(offsetof(D3DDEVICEDESC7, dpcLineCaps), "D3DDEVICEDESC7.dpcLineCaps", 4, 4) \
    X(offsetof(D3DDEVICEDESC7, dpcTriCaps), "D3DDEVICEDESC7.dpcTriCaps", 60, 60) \
    X(offsetof(D3DDEVICEDESC7, dwDeviceRenderBitDepth), "D3DDEVICEDESC7.dwDeviceRenderBitDepth", 116, 116) \
    X(offsetof(D3DDEVICEDESC7, dvGuardBandLeft), "D3DDEVICEDESC7.dvGuardBandLeft", 152, 152) \
    X(offsetof(D3DDEVICEDESC7, dwStencilCaps), "D3DDEVICEDESC7.dwStencilCaps", 172, 172) \
    X(offsetof(D3DDEVICEDESC7, wMaxTextureBlendStages), "D3DDEVICEDESC7.wMaxTextureBlendStages", 184, 184) \
    X(offsetof(D3DDEVICEDESC7, dwMaxActiveLights), "D3DDEVICEDESC7.dwMaxActiveLights", 188, 188) \
    X(offsetof(D3DDEVICEDESC7, deviceGUID), "D3DDEVICEDESC7.deviceGUID", 196, 196) \
    X(offsetof(D3DDEVICEDESC7, wMaxUserClipPlanes), "D3DDEVICEDESC7.wMaxUserClipPlanes", 212, 212) \
    X(offsetof(D3DDEVICEDESC7, dwVertexProcessingCaps), "D3DDEVICEDESC7.dwVertexProcessingCaps", 216, 216) \
    X(offsetof(D3DDEVICEDESC7, dwReserved4), "D3DDEVICEDESC7.dwReserved4", 232, 232) \
    X(offsetof(D3DDEVICEDESC, dwMinTextureWidth), "D3DDEVICEDESC.dwMinTextureWidth (DirectX 3 size)", 172, 172) \
    X(offsetof(D3DDEVICEDESC, dwMaxTextureRepeat), "D3DDEVICEDESC.dwMaxTextureRepeat (DirectX 5 size)", 204, 204) \
    X(sizeof(D3DFINDDEVICESEARCH), "D3DFINDDEVICESEARCH", 92, 92) \
    X(offsetof(D3DFINDDEVICESEARCH, dpcPrimCaps), "D3DFINDDEVICESEARCH.dpcPrimCaps", 36, 36) \
    X(sizeof(D3DFINDDEVICERESULT), "D3DFINDDEVICERESULT", 524, 524) \
    X(offsetof(D3DFINDDEVICERESULT, ddSwDesc), "D3DFINDDEVICERESULT.ddSwDesc", 272, 272) \
    X(sizeof(D3DHVERTEX), "D3DHVERTEX", 16, 16) \
    X(sizeof(D3DTRANSFORMDATA), "D3DTRANSFORMDATA", 52, 80) \
    X(offsetof(D3DTRANSFORMDATA, lpHOut), "D3DTRANSFORMDATA.lpHOut", 20, 40) \
    X(offsetof(D3DTRANSFORMDATA, drExtent), "D3DTRANSFORMDATA.drExtent", 36, 60) \
    X(sizeof(D3DLIGHTDATA), "D3DLIGHTDATA", 20, 40) \
    X(sizeof(D3DEXECUTEBUFFERDESC), "D3DEXECUTEBUFFERDESC", 20, 24) \
    X(sizeof(D3DEXECUTEDATA), "D3DEXECUTEDATA", 48, 48) \
    X(sizeof(D3DPICKRECORD), "D3DPICKRECORD", 12, 12) \
    X(sizeof(D3DVERTEXBUFFERDESC), "D3DVERTEXBUFFERDESC", 16, 16) \
    X(sizeof(D3DDP_PTRSTRIDE), "D3DDP_PTRSTRIDE", 8, 16) \
    X(offsetof(D3DDP_PTRSTRIDE, dwStride), "D3DDP_PTRSTRIDE.dwStride", 4, 8) \
    X(sizeof(D3DDRAWPRIMITIVESTRIDEDDATA), "D3DDRAWPRIMITIVESTRIDEDDATA", 96, 192) \
    X(offsetof(D3DDRAWPRIMITIVESTRIDEDDATA, normal), "D3DDRAWPRIMITIVESTRIDEDDATA.normal", 8, 16) \
    X(offsetof(D3DDRAWPRIMITIVESTRIDEDDATA, diffuse), "D3DDRAWPRIMITIVESTRIDEDDATA.diffuse", 16, 32) \
    X(offsetof(D3DDRAWPRIMITIVESTRIDEDDATA, specular), "D3DDRAWPRIMITIVESTRIDEDDATA.specular", 24, 48) \
    X(offsetof(D3DDRAWPRIMITIVESTRIDEDDATA, textureCoords), "D3DDRAWPRIMITIVESTRIDEDDATA.textureCoords", 32, 64) \
    X(sizeof(D3DLINEPATTERN), "D3DLINEPATTERN", 4, 4) \
    X(sizeof(D3DHVERTEX), "D3DHVERTEX", 16, 16) \
    X(sizeof(D3DSTATS), "D3DSTATS", 24, 24) \
    X(sizeof(D3DLIGHTINGCAPS), "D3DLIGHTINGCAPS", 16, 16) \
    X(sizeof(D3DTRANSFORMCAPS), "D3DTRANSFORMCAPS", 8, 8) \

